import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../store/db.js';

/** The rolling periods of FEATURES.md §13: 24 hours, 7 days, 30 days. */
export const PERIOD_MS = { day: 24 * 3_600_000, week: 7 * 24 * 3_600_000, month: 30 * 24 * 3_600_000 } as const;
export type Period = keyof typeof PERIOD_MS;
export const PERIODS = Object.keys(PERIOD_MS) as Period[];

/**
 * The ledger kinds a loss limit counts (§13: bets settled, buy-ins, rebuys, fees, spins, minus
 * winnings and prizes); deposits, purchases, conversions and gifts are not play.
 */
export const PLAY_KINDS = [
  'room_stake',
  'room_payout',
  'tournament_buy_in',
  'tournament_fee',
  'tournament_rebuy',
  'tournament_prize',
  'tournament_refund',
  'tournament_fee_refund',
  'bandit_stake',
  'bandit_win',
] as const;
/** The kinds among them that are a stake (what a reality check calls "chips staked"). */
export const STAKE_KINDS = ['room_stake', 'tournament_buy_in', 'tournament_fee', 'tournament_rebuy', 'bandit_stake'] as const;

const kindList = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** Used of a limit in one period, and when the oldest counted movement leaves the period. */
export interface Used {
  readonly used: bigint;
  readonly oldest: Date | null;
}

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/** Chips bought since `since`: every deposit asked for (a pending Stars invoice too: it may still be paid). */
export async function depositsSince(db: Db | Tx, userId: number, since: Date): Promise<Used> {
  const [row] = await queryRows<{ used: string | null; oldest: string | null }>(
    db,
    sql`select sum(amount)::text as used, min(created_at) as oldest from deposits
        where user_id = ${userId} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return { used: BigInt(row?.used ?? '0'), oldest: asDate(row?.oldest ?? null) };
}

/**
 * Net chips lost from BALANCE since `since` (0 when the player is ahead), plus the stakes of the
 * seats they hold at BALANCE tables that have not started: those stakes move at the start, which
 * no longer asks, so a seat counts as staked from the moment it is taken.
 */
export async function lossSince(db: Db | Tx, userId: number, since: Date): Promise<Used> {
  const [row] = await queryRows<{ net: string | null; oldest: string | null }>(
    db,
    sql`select sum(e.amount)::text as net, min(t.created_at) filter (where e.amount < 0) as oldest
        from ledger_entries e
        join accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where a.user_id = ${userId} and a.wallet_type = 'BALANCE'
          and t.kind in (${kindList(PLAY_KINDS)}) and t.created_at > ${since.toISOString()}::timestamptz`,
  );
  const [seats] = await queryRows<{ waiting: string | null }>(
    db,
    sql`select sum(r.bet_amount)::text as waiting from room_seats s join rooms r on r.id = s.room_id
        where s.user_id = ${userId} and r.status in ('pending', 'ready') and r.balance_type = 'BALANCE'`,
  );
  const net = BigInt(row?.net ?? '0');
  const lost = net < 0n ? -net : 0n;
  return { used: lost + BigInt(seats?.waiting ?? '0'), oldest: asDate(row?.oldest ?? null) };
}

/** Milliseconds of table games (not practice) the player sat in within [since, now]. */
export async function playedMsSince(db: Db | Tx, userId: number, since: Date, now: Date): Promise<number> {
  const [row] = await queryRows<{ ms: string | number | null }>(
    db,
    sql`select coalesce(sum(extract(epoch from (
          least(coalesce(r.finished_at, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)
          - greatest(r.started_at, ${since.toISOString()}::timestamptz)))), 0) * 1000 as ms
        from room_seats s join rooms r on r.id = s.room_id
        where s.user_id = ${userId} and r.started_at is not null and r.bot_level is null
          and r.started_at < ${now.toISOString()}::timestamptz
          and (r.finished_at is null or r.finished_at > ${since.toISOString()}::timestamptz)`,
  );
  return Math.max(0, Math.round(Number(row?.ms ?? 0)));
}

/** Staked and net over both wallets since `since`: the reality check's figures. */
export async function stakedAndNetSince(db: Db | Tx, userId: number, since: Date): Promise<{ staked: bigint; net: bigint }> {
  const [row] = await queryRows<{ staked: string | null; net: string | null }>(
    db,
    sql`select sum(-e.amount) filter (where t.kind in (${kindList(STAKE_KINDS)}))::text as staked, sum(e.amount)::text as net
        from ledger_entries e
        join accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where a.user_id = ${userId} and t.kind in (${kindList(PLAY_KINDS)}) and t.created_at > ${since.toISOString()}::timestamptz`,
  );
  return { staked: BigInt(row?.staked ?? '0'), net: BigInt(row?.net ?? '0') };
}

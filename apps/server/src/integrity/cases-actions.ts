import type { IntegrityCaseDetail, IntegrityConfirmRequest, WalletType } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import { revokeSessions } from '../accounts/revocation.js';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import { failure, ok, type Result } from '../shared/result.js';
import { queryRows, type Store, type Tx } from '../store/db.js';
import { transfer } from '../wallets/ledger.js';
import { readCase } from './cases-read.js';
import { flowsOf, type GameHistory } from './history.js';
import { idArray } from './scan.js';

/** Where confiscated chips go: the house's account (as tournament fees and prizes use). */
export const houseAccount = 'house';

type Settlement = NonNullable<IntegrityCaseDetail['settlement']>;
type Action = IntegrityConfirmRequest['action'];

interface Locked {
  id: number;
  status: string;
  frozen_by: number | null;
  resolution: string | null;
  games: (number | string)[];
}

const notFound = (id: number) => failure('integrity/case_not_found', `No integrity case ${id}`, { id });
const wrongStatus = (status: string, what: string) => failure('integrity/wrong_status', `A ${status} case cannot be ${what}`, { status });

async function lockCase(tx: Tx, id: number): Promise<{ row: Locked; accounts: number[] } | undefined> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select id, status, frozen_by, resolution, games from integrity_cases where id = ${id} for update`,
  );
  if (!row) return undefined;
  const accounts = await queryRows<{ user_id: number }>(
    tx,
    sql`select user_id from integrity_case_accounts where case_id = ${id} order by user_id`,
  );
  return { row, accounts: accounts.map((a) => Number(a.user_id)) };
}

/**
 * The case's actions (FEATURES.md §12), each one transaction with its audit line (the reason the
 * admin typed travels in the actor). Refusals are returned from inside the transaction.
 */
export type CaseActions = ReturnType<typeof createCaseActions>;

export function createCaseActions(
  store: Store,
  options: {
    afterBan?: (userId: number) => Promise<void>;
    /** After a freeze commits: the account's running games go on with the stand-in. */
    afterFreeze?: (userId: number) => Promise<void>;
  } = {},
) {
  return {
    /** The accounts can sign in and read, but every money path refuses them (account/frozen). */
    async freeze(actor: AuditActor, id: number, now: Date): Promise<Result<IntegrityCaseDetail>> {
      let frozen: number[] = [];
      const result = await store.withTransaction(async (tx): Promise<Result<IntegrityCaseDetail>> => {
        const locked = await lockCase(tx, id);
        if (!locked) return notFound(id);
        if (locked.row.status === 'frozen') return ok((await readCase(tx, id))!);
        if (locked.row.status !== 'open') return wrongStatus(locked.row.status, 'frozen');
        await tx.execute(
          sql`update integrity_cases set status = 'frozen', frozen_by = ${actor.id}, frozen_at = ${now.toISOString()}::timestamptz where id = ${id}`,
        );
        await tx.execute(sql`update users set frozen_case_id = ${id} where id = any(${idArray(locked.accounts)}::bigint[])`);
        frozen = locked.accounts;
        await appendAudit(
          tx,
          actor,
          {
            action: 'integrity.freeze',
            resource: `integrity_case:${id}`,
            before: { status: 'open' },
            after: { status: 'frozen', accounts: locked.accounts },
          },
          now,
        );
        return ok((await readCase(tx, id))!);
      });
      // A freeze answered again (already frozen) hands over again: a seat taken back meanwhile is refused anyway.
      if (result.ok && result.value.status === 'frozen') {
        if (frozen.length === 0) frozen = result.value.accounts.map((a) => a.user_id);
        for (const userId of frozen) await options.afterFreeze?.(userId);
      }
      return result;
    },

    /** Nothing wrong: the case closes and its accounts are free again. */
    async dismiss(actor: AuditActor, id: number, now: Date): Promise<Result<IntegrityCaseDetail>> {
      return store.withTransaction(async (tx): Promise<Result<IntegrityCaseDetail>> => {
        const locked = await lockCase(tx, id);
        if (!locked) return notFound(id);
        if (locked.row.status === 'dismissed') return ok((await readCase(tx, id))!);
        if (locked.row.status === 'confirmed') return wrongStatus(locked.row.status, 'dismissed');
        await tx.execute(
          sql`update integrity_cases set status = 'dismissed', resolution = 'dismissed', resolved_by = ${actor.id},
                resolved_at = ${now.toISOString()}::timestamptz where id = ${id}`,
        );
        await tx.execute(sql`update users set frozen_case_id = null where frozen_case_id = ${id}`);
        await appendAudit(
          tx,
          actor,
          {
            action: 'integrity.dismiss',
            resource: `integrity_case:${id}`,
            before: { status: locked.row.status },
            after: { status: 'dismissed' },
          },
          now,
        );
        return ok((await readCase(tx, id))!);
      });
    },

    /**
     * By a second admin (not the one who froze it): refund, confiscate or nothing, through the
     * ledger with one idempotency key per movement, never taking a wallet below 0; then every
     * account is banned and its ratings from the case's games are removed. A retry of the same
     * confirmation answers the settlement already made and moves nothing.
     */
    async confirm(actor: AuditActor, id: number, action: Action, now: Date): Promise<Result<IntegrityCaseDetail>> {
      const banned: number[] = [];
      const result = await store.withTransaction(async (tx): Promise<Result<IntegrityCaseDetail>> => {
        const locked = await lockCase(tx, id);
        if (!locked) return notFound(id);
        const { row, accounts } = locked;
        if (row.status === 'confirmed' && row.resolution === action) return ok((await readCase(tx, id))!);
        if (row.status !== 'frozen') return wrongStatus(row.status, 'confirmed (freeze it first)');
        if (Number(row.frozen_by) === actor.id)
          return failure('integrity/second_reviewer', 'A second admin confirms: not the one who froze the case', { frozen_by: actor.id });
        const games = await caseGames(tx, row.games.map(Number));
        // The bans (the users' rows) before the settlement (their wallets): the lock order of
        // store/lock-order.ts, which every stake follows too.
        for (const userId of accounts) {
          await tx.execute(
            sql`update users set banned_at = ${now.toISOString()}::timestamptz, banned_until = null,
                  ban_reason = ${`integrity case #${id}`}, frozen_case_id = null where id = ${userId}`,
          );
          await revokeSessions(tx, userId, { refreshTokens: true }, now);
          banned.push(userId);
        }
        const settlement = await settle(tx, id, action, new Set(accounts), games);
        await removeRatings(tx, accounts, row.games.map(Number));
        await tx.execute(
          sql`update integrity_cases set status = 'confirmed', resolution = ${action}, resolved_by = ${actor.id},
                resolved_at = ${now.toISOString()}::timestamptz, settlement = ${JSON.stringify(settlement)}::jsonb where id = ${id}`,
        );
        await appendAudit(
          tx,
          actor,
          {
            action: 'integrity.confirm',
            resource: `integrity_case:${id}`,
            before: { status: 'frozen' },
            after: { status: 'confirmed', action, settlement },
          },
          now,
        );
        return ok((await readCase(tx, id))!);
      });
      if (result.ok) for (const userId of banned) await options.afterBan?.(userId);
      return result;
    },
  };
}

async function caseGames(tx: Tx, roomIds: readonly number[]): Promise<GameHistory[]> {
  const rows = await queryRows<{
    id: number;
    balance_type: string;
    results: { player_id: string; amount: string; place: number }[] | null;
  }>(
    tx,
    sql`select id, balance_type, results from rooms where id = any(${idArray(roomIds)}::bigint[]) and results is not null order by id`,
  );
  return rows.map((r) => ({
    roomId: Number(r.id),
    finishedAt: 0,
    bet: 0n,
    walletType: r.balance_type,
    isPrivate: false,
    isTournament: false,
    outcomes: (r.results ?? []).map((o) => ({
      userId: Number(o.player_id),
      amount: BigInt(o.amount),
      place: o.place,
      reason: 'normal' as const,
    })),
    steps: [],
  }));
}

/**
 * What the confirmation moves. Refund: each player outside the case gets back what reached the
 * case's accounts from them in the case's games. Confiscate: what each case account gained from
 * the others of the case goes to the house (the feeders get nothing back). Each movement is capped
 * by the payer's balance; what is gone is reported as short, never invented.
 */
async function settle(
  tx: Tx,
  caseId: number,
  action: Action,
  members: ReadonlySet<number>,
  games: readonly GameHistory[],
): Promise<Settlement> {
  const settlement: Settlement = { moved: [], short: [] };
  if (action === 'none') return settlement;
  // (payer, payee or 'house', wallet) -> chips
  const owed = new Map<string, bigint>();
  const add = (key: string, amount: bigint) => owed.set(key, (owed.get(key) ?? 0n) + amount);
  for (const game of games)
    for (const [key, amount] of flowsOf(game)) {
      const [from, to] = key.split('>').map(Number) as [number, number];
      if (!members.has(to)) continue;
      if (action === 'refund' && !members.has(from)) add(`${to}|${from}|${game.walletType}`, amount);
      if (action === 'confiscate' && members.has(from)) {
        add(`${to}|house|${game.walletType}`, amount);
        add(`${from}|house|${game.walletType}`, -amount);
      }
    }
  // In a fixed order (payer, then payee by id, the house last): a short balance pays the first ones.
  const order = (key: string) => key.split('|').map((part) => (part === 'house' ? Number.MAX_SAFE_INTEGER : Number(part) || 0));
  const sorted = [...owed].sort(([a], [b]) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || a.localeCompare(b);
  });
  for (const [key, amount] of sorted) {
    if (amount <= 0n) continue;
    const [payerText, payee, wallet] = key.split('|') as [string, string, WalletType];
    const payer = Number(payerText);
    const [account] = await queryRows<{ balance: string }>(
      tx,
      sql`select balance::text from accounts where user_id = ${payer} and wallet_type = ${wallet} for update`,
    );
    const available = BigInt(account?.balance ?? '0');
    const paid = amount < available ? amount : available;
    if (paid > 0n) {
      const moved = await transfer(tx, {
        from: { userId: payer, walletType: wallet },
        to: payee === 'house' ? { system: houseAccount, walletType: wallet } : { userId: Number(payee), walletType: wallet },
        amount: paid,
        kind: action === 'refund' ? 'integrity_refund' : 'integrity_confiscation',
        idempotencyKey: `integrity:${caseId}:${action}:${payer}:${payee}:${wallet}`,
        memo: { case_id: caseId },
      });
      if (!moved.ok) throw new Error(`integrity settlement of case ${caseId} failed: ${moved.error.code}`);
      settlement.moved.push({ from: payer, to: payee, amount: paid.toString(), wallet_type: wallet });
    }
    if (paid < amount) settlement.short.push({ user_id: payer, amount: (amount - paid).toString(), wallet_type: wallet });
  }
  return settlement;
}

/** The accounts' ratings from the case's games are removed: back to the last rating before them. */
async function removeRatings(tx: Tx, userIds: readonly number[], roomIds: readonly number[]): Promise<void> {
  await tx.execute(
    sql`delete from rating_history where user_id = any(${idArray(userIds)}::bigint[]) and room_id = any(${idArray(roomIds)}::bigint[])`,
  );
  for (const userId of userIds)
    await tx.execute(
      sql`update player_stats s set rating = coalesce(h.rating, 1500), rd = coalesce(h.rd, 350)
          from (select (select rating from rating_history where user_id = ${userId} order by at desc limit 1) as rating,
                       (select rd from rating_history where user_id = ${userId} order by at desc limit 1) as rd) h
          where s.user_id = ${userId}`,
    );
}

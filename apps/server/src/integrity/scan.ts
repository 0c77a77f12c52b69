import { sql } from 'drizzle-orm';
import { queryRows, type Store, type Tx } from '../store/db.js';
import { integrityQueue } from '../store/integrity-schema.js';
import { groupsOf, type CaseGroup } from './groups.js';
import type { ExitReason, Funding, GameHistory, History, SignInRecord, Step } from './history.js';
import { hardOnTheSpot, type HardChoice, type SeatFacts } from './replay.js';
import { analyseGames } from './scan-facts.js';
import { thresholds } from './thresholds.js';
import { allSignals, type Signal } from './signals.js';

/** A Postgres array literal of ids (drizzle's `sql` would spread a JS array into a list). */
export const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** How far back and how many games of the affected players one scan reads. */
const lookbackDays = 30;
const maxGames = 400;
/** Finished games one sweep takes from the queue. */
const batch = 25;
/** A claimed queue row comes back after this long if its scan never finished (the node died). */
const leaseMs = 5 * 60_000;

/**
 * A finished game waits for the scan: written in the game's last transaction (one insert; the
 * signals themselves never run on the move path, FEATURES.md §12).
 */
export async function queueIntegrityScan(tx: Tx, roomId: number, at: Date): Promise<void> {
  await tx.insert(integrityQueue).values({ roomId, dueAt: at }).onConflictDoNothing();
}

/**
 * One sweep of the fair-play scan: claims a batch of finished games (a lease, SKIP LOCKED, so nodes
 * share the queue), replays them once for the facts of each seat (`scan-facts.ts`; `hard`: where
 * the `hard` bot's choices come from, the node's bot worker in the server; null: not asked), reads the history of
 * their players with plain reads outside any transaction, computes every signal, and opens or
 * updates the cases in one short transaction that also removes the claimed rows. Answers how many
 * games it read from the queue.
 */
export async function scanDue(store: Store, now: Date, hard: HardChoice | null = hardOnTheSpot): Promise<number> {
  const claimed = await store.withTransaction((tx) =>
    queryRows<{ room_id: number }>(
      tx,
      sql`update integrity_queue set due_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
          where room_id in (select room_id from integrity_queue where due_at <= ${now.toISOString()}::timestamptz
                            order by due_at limit ${batch} for update skip locked)
          returning room_id`,
    ),
  );
  if (claimed.length === 0) return 0;
  const roomIds = claimed.map((r) => Number(r.room_id));
  await analyseGames(store, roomIds, hard);
  const players = await queryRows<{ user_id: number }>(
    store.db,
    sql`select distinct (r->>'player_id')::bigint as user_id from rooms, jsonb_array_elements(results) r where id = any(${idArray(roomIds)}::bigint[])`,
  );
  const affected = players.map((p) => Number(p.user_id));
  const history = affected.length > 0 ? await loadHistory(store, affected, now) : emptyHistory;
  const touched = new Set(affected);
  const signals = allSignals(history).filter((s) => s.users.some((u) => touched.has(u)));
  const groups = groupsOf(signals);
  await store.withTransaction(async (tx) => {
    for (const group of groups) await saveCase(tx, group, now);
    await tx.execute(sql`delete from integrity_queue where room_id = any(${idArray(roomIds)}::bigint[])`);
  });
  return roomIds.length;
}

const emptyHistory: History = { games: [], accounts: new Map(), signIns: [] };

/** The recent games, accounts and sign-ins around `userIds`, as the signals read them. */
export async function loadHistory(store: Store, userIds: readonly number[], now: Date): Promise<History> {
  const since = new Date(now.getTime() - lookbackDays * 86_400_000).toISOString();
  const ids = sql`${idArray(userIds)}::bigint[]`;
  const rooms = await queryRows<{
    id: number;
    bet_amount: string;
    balance_type: string;
    is_private: boolean;
    is_tournament: boolean;
    results: { player_id: string; amount: string; place: number; result_reason?: string }[];
    finished_at: string;
  }>(
    store.db,
    sql`select r.id, r.bet_amount::text, r.balance_type, r.password_hash is not null as is_private,
               r.tournament_id is not null as is_tournament, r.results, r.finished_at::text
        from rooms r
        where r.id in (select room_id from rating_history where user_id = any(${ids}) and at > ${since}::timestamptz)
          and r.status = 'FINISHED' and r.results is not null
        order by r.finished_at desc limit ${maxGames}`,
  );
  const roomIds = rooms.map((r) => Number(r.id));
  const events =
    roomIds.length === 0
      ? []
      : await queryRows<{
          room_id: number;
          action: { type: string; player?: string } | null;
          events: Step['events'];
          cause: string | null;
          at: string;
        }>(
          store.db,
          sql`select room_id, action, events, cause, created_at::text as at from game_events
              where room_id = any(${idArray(roomIds)}::bigint[]) order by room_id, seq`,
        );
  const stepsOf = new Map<number, Step[]>();
  for (const e of events) {
    const list = stepsOf.get(Number(e.room_id)) ?? [];
    list.push({
      player: e.action?.player === undefined ? null : Number(e.action.player),
      type: e.action?.type ?? 'deal',
      cause: e.cause,
      at: Date.parse(e.at),
      events: e.events,
    });
    stepsOf.set(Number(e.room_id), list);
  }
  const factsOf = await seatFactsOf(store, roomIds);
  const stakes = await stakesOf(store, rooms);
  const games: GameHistory[] = rooms.map((r) => ({
    roomId: Number(r.id),
    finishedAt: Date.parse(r.finished_at),
    bet: BigInt(r.bet_amount),
    walletType: r.balance_type,
    isPrivate: r.is_private,
    isTournament: r.is_tournament,
    outcomes: r.results.map((o) => ({
      userId: Number(o.player_id),
      amount: BigInt(o.amount),
      place: o.place,
      reason: (o.result_reason ?? 'normal') as ExitReason,
    })),
    steps: stepsOf.get(Number(r.id)) ?? [],
    facts: factsOf.get(Number(r.id)) ?? new Map(),
    stakedAt: stakes.get(Number(r.id)) ?? new Map(),
  }));
  const signInRows = await queryRows<{
    user_id: number;
    device_id: string | null;
    address: string | null;
    telegram_id: string | null;
    at: string;
  }>(
    store.db,
    sql`with mine as (select device_id, telegram_id, address from sign_in_events where user_id = any(${ids}))
        select user_id, device_id, address, telegram_id::text, at::text from sign_in_events s
        where s.user_id = any(${ids})
           or s.device_id in (select device_id from mine where device_id is not null)
           or s.telegram_id in (select telegram_id from mine where telegram_id is not null)
           or (s.address in (select address from mine where address is not null) and s.at > ${since}::timestamptz)
        order by s.at limit 5000`,
  );
  const signIns: SignInRecord[] = signInRows.map((s) => ({
    userId: Number(s.user_id),
    deviceId: s.device_id,
    address: s.address,
    telegramId: s.telegram_id,
    at: Date.parse(s.at),
  }));
  const everyone = [...new Set([...userIds, ...games.flatMap((g) => g.outcomes.map((o) => o.userId)), ...signIns.map((s) => s.userId)])];
  const accountRows = await queryRows<{ id: number; created_at: string; parent_id: number | null }>(
    store.db,
    sql`select id, created_at::text, parent_id from users where id = any(${idArray(everyone)}::bigint[])`,
  );
  const accounts = new Map(
    accountRows.map((a) => [
      Number(a.id),
      { id: Number(a.id), createdAt: Date.parse(a.created_at), parentId: a.parent_id === null ? null : Number(a.parent_id) },
    ]),
  );
  return { games, accounts, signIns, fundings: await fundingsOf(store, everyone, since) };
}

/** The stored facts of each seat of the games (`integrity_seat_facts`), by room then user. */
async function seatFactsOf(store: Store, roomIds: readonly number[]): Promise<Map<number, Map<number, SeatFacts>>> {
  const rows =
    roomIds.length === 0
      ? []
      : await queryRows<{ room_id: number; user_id: number; decisions: number; matches: number; gifts: number }>(
          store.db,
          sql`select room_id, user_id, decisions, matches, gifts from integrity_seat_facts where room_id = any(${idArray(roomIds)}::bigint[])`,
        );
  const byRoom = new Map<number, Map<number, SeatFacts>>();
  for (const r of rows) {
    const room = byRoom.get(Number(r.room_id)) ?? new Map<number, SeatFacts>();
    room.set(Number(r.user_id), { decisions: Number(r.decisions), matches: Number(r.matches), gifts: Number(r.gifts) });
    byRoom.set(Number(r.room_id), room);
  }
  return byRoom;
}

/** When each player's stake of a bet room left their wallet (the ledger's clock), by the stakes' idempotency keys. */
async function stakesOf(
  store: Store,
  rooms: readonly { id: number; bet_amount: string; results: { player_id: string }[] }[],
): Promise<Map<number, Map<number, number>>> {
  const keys = rooms
    .filter((r) => BigInt(r.bet_amount) > 0n)
    .flatMap((r) => r.results.map((o) => `room:${Number(r.id)}:stake:${Number(o.player_id)}`));
  const rows =
    keys.length === 0
      ? []
      : await queryRows<{ idempotency_key: string; at: string }>(
          store.db,
          sql`select idempotency_key, created_at::text as at from ledger_transfers where idempotency_key = any(${`{${keys.join(',')}}`}::text[])`,
        );
  const byRoom = new Map<number, Map<number, number>>();
  for (const row of rows) {
    const [, room, , user] = row.idempotency_key.split(':');
    const stakes = byRoom.get(Number(room)) ?? new Map<number, number>();
    stakes.set(Number(user), Date.parse(row.at));
    byRoom.set(Number(room), stakes);
  }
  return byRoom;
}

/** The users' chips from outside the tables over the lookback (`thresholds.chipDumping.fundingKinds`). */
async function fundingsOf(store: Store, userIds: readonly number[], since: string): Promise<Funding[]> {
  const kinds = `{${thresholds.chipDumping.fundingKinds.join(',')}}`;
  const rows = await queryRows<{ user_id: number; kind: string; at: string }>(
    store.db,
    sql`select a.user_id, t.kind, t.created_at::text as at
        from ledger_entries e join accounts a on a.id = e.account_id join ledger_transfers t on t.id = e.transfer_id
        where a.user_id = any(${idArray(userIds)}::bigint[]) and e.amount > 0 and t.kind = any(${kinds}::text[])
          and t.created_at > ${since}::timestamptz - interval '1 day'
        order by t.created_at limit 5000`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), kind: r.kind, at: Date.parse(r.at) }));
}

/** The signals as stored in a case's evidence (chips as decimal strings). */
export function evidenceOf(signals: readonly Signal[]): unknown {
  return { signals: signals.map((s) => ({ ...s, chips: s.chips.toString() })) };
}

/**
 * Opens the group's case or updates the open (or frozen) case of the same kind that already holds
 * one of its accounts: never two cases for the same accounts. A dismissed or confirmed group is
 * not reopened (its key is taken).
 */
async function saveCase(tx: Tx, group: CaseGroup, now: Date): Promise<void> {
  const ids = group.accounts.map((a) => a.userId);
  const [existing] = await queryRows<{ id: number; games: number[] }>(
    tx,
    sql`select c.id, c.games from integrity_cases c join integrity_case_accounts a on a.case_id = c.id
        where c.kind = ${group.kind} and c.status in ('open', 'frozen') and a.user_id = any(${idArray(ids)}::bigint[])
        order by c.id limit 1 for update of c`,
  );
  let caseId: number | undefined;
  if (existing) {
    caseId = Number(existing.id);
    const games = [...new Set([...existing.games.map(Number), ...group.games])].sort((a, b) => a - b);
    await tx.execute(
      sql`update integrity_cases set score = ${group.score}, chips_moved = ${group.chips.toString()}::bigint,
            games = ${idArray(games)}::bigint[], evidence = ${JSON.stringify(evidenceOf(group.signals))}::jsonb, updated_at = ${now.toISOString()}::timestamptz
          where id = ${caseId}`,
    );
  } else {
    const [inserted] = await queryRows<{ id: number }>(
      tx,
      sql`insert into integrity_cases (group_key, kind, score, chips_moved, games, evidence, opened_at, updated_at)
          values (${group.key}, ${group.kind}, ${group.score}, ${group.chips.toString()}::bigint, ${idArray(group.games)}::bigint[],
                  ${JSON.stringify(evidenceOf(group.signals))}::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (group_key) do nothing returning id`,
    );
    caseId = inserted === undefined ? undefined : Number(inserted.id);
  }
  if (caseId === undefined) return;
  for (const account of group.accounts)
    await tx.execute(
      sql`insert into integrity_case_accounts (case_id, user_id, role) values (${caseId}, ${account.userId}, ${account.role})
          on conflict do nothing`,
    );
}

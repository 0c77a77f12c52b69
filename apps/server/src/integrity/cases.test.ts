import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createRoom, ledgerSum, newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { auditLog } from '../store/admin-schema.js';
import { queryRows } from '../store/db.js';
import { ratingHistory } from '../store/players-schema.js';
import { accounts, ledgerTransfers, userRoles, users } from '../store/schema.js';
import { request } from '../test-support/http.js';
import { adminToken } from '../tournaments/test-support.js';
import { transfer } from '../wallets/ledger.js';
import { scanDue } from './scan.js';

// Cases from a dumping ring played through the real API, and the admins' actions on them (FEATURES.md §12).
const clock = createClock(Date.parse('2026-11-22T12:00:00Z'));
let server: RoomsServer;
let firstAdmin: string;
let secondAdmin: string;
beforeAll(async () => {
  server = await startRoomsServer({ clock });
  firstAdmin = await adminToken(server.url);
  const other = await newPlayer(server.url, 'adm');
  await server.store.db.insert(userRoles).values({ userId: other.id, role: 'admin' });
  secondAdmin = (
    await request<{ access_token: string }>(`${server.url}/api/user/login`, {
      body: { username: other.username, password: 'password-123' },
    })
  ).body.access_token;
});
afterAll(async () => server?.close());

interface CaseDetail {
  id: number;
  kind: string;
  status: string;
  accounts: { user_id: number; role: string }[];
  games: number[];
  signals: { kind: string; score: number }[];
  game_list: { room_id: number; replay_url: string; players: { user_id: number; amount: string; result_reason: string }[] }[];
  transfers: { kind: string; amount: string }[];
  settlement: { moved: { from: number; to: string; amount: string }[]; short: { user_id: number; amount: string }[] } | null;
  error?: { code: string };
}

const admin = (token: string, path: string, body?: unknown, reason = 'reviewed the games') =>
  request<CaseDetail>(`${server.url}/api/admin/integrity/cases${path}`, {
    token,
    ...(body === undefined ? { method: /\/(freeze|dismiss|confirm)$/.test(path) ? 'POST' : 'GET' } : { body }),
    headers: { 'x-audit-reason': encodeURIComponent(reason) },
  });

/** A private 1-vs-1 room at `bet`: the feeder sits, the receiver sits, both ready, the feeder surrenders. */
async function dump(feeder: TestPlayer, receiver: TestPlayer, bet = '100'): Promise<number> {
  const roomId = await createRoom(server.url, feeder, { player_count: 2, bet_amount: bet, password: 'ring' });
  await request(`${server.url}/api/v1/rooms/${roomId}/seat`, { token: receiver.token, body: { password: 'ring' } });
  for (const p of [feeder, receiver]) await request(`${server.url}/api/v1/rooms/${roomId}/ready`, { token: p.token, method: 'POST' });
  const left = await request(`${server.url}/api/v1/rooms/${roomId}/leave`, { token: feeder.token, body: {} });
  if (left.status !== 200) throw new Error(`leave failed: ${JSON.stringify(left.body)}`);
  return roomId;
}

const balanceOf = async (userId: number) =>
  BigInt(
    (
      await queryRows<{ b: string }>(
        server.store.db,
        sql`select balance::text as b from accounts where user_id = ${userId} and wallet_type = 'BONUS_BALANCE'`,
      )
    )[0]!.b,
  );

describe('a dumping ring becomes one case, frozen, and confirmed by a second admin', () => {
  let caseId: number;
  let receiver: TestPlayer;
  let feeders: TestPlayer[];

  it('the scan opens one case for the receiver and all its feeders, with the games and transfers behind it', async () => {
    receiver = await newPlayer(server.url, 'rcv');
    feeders = [await newPlayer(server.url, 'fd'), await newPlayer(server.url, 'fd'), await newPlayer(server.url, 'fd')];
    for (let round = 0; round < 2; round++) for (const f of feeders) await dump(f, receiver);
    while ((await scanDue(server.store, clock.now())) > 0);
    // A third round updates the same case instead of opening another one.
    for (const f of feeders) await dump(f, receiver);
    while ((await scanDue(server.store, clock.now())) > 0);
    const list = await request<{ items: CaseDetail[]; total: number }>(`${server.url}/api/admin/integrity/cases?status=open`, {
      token: firstAdmin,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const mine = list.body.items.filter((c) => c.accounts.some((a) => a.user_id === receiver.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.kind).toBe('chip_dumping');
    expect(mine[0]!.accounts).toEqual([
      expect.objectContaining({ user_id: receiver.id, role: 'receiver' }),
      ...feeders.map((f) => expect.objectContaining({ user_id: f.id, role: 'feeder' })),
    ]);
    expect(mine[0]!.games).toHaveLength(9);
    caseId = mine[0]!.id;
    const detail = (await admin(firstAdmin, `/${caseId}`)).body;
    expect(detail.signals.filter((s) => s.kind === 'chip_dumping').every((s) => s.score >= 0.6)).toBe(true);
    expect(detail.game_list[0]!.replay_url).toBe(`/replay/${detail.game_list[0]!.room_id}`);
    expect(detail.game_list[0]!.players.find((p) => p.user_id !== receiver.id)!.result_reason).toBe('left');
    expect(detail.transfers.filter((t) => t.kind === 'room_payout')).toHaveLength(9);
  }, 120_000);

  it("the admin's user page lists each game's opponents, how each seat ended, and the chips per opponent", async () => {
    const page = await request<{
      games: { result_reason: string; opponents: { user_id: number; result_reason: string; flow: string }[] }[];
      opponents: { user_id: number; games: number; won_from: string; lost_to: string }[];
    }>(`${server.url}/api/admin/users/${receiver.id}`, { token: firstAdmin });
    expect(page.status).toBe(200);
    expect(page.body.games).toHaveLength(9);
    expect(page.body.games[0]!.result_reason).toBe('normal');
    expect(page.body.games[0]!.opponents).toEqual([expect.objectContaining({ result_reason: 'left', flow: '95' })]);
    expect(page.body.opponents.map((o) => [o.user_id, o.games, o.won_from, o.lost_to]).sort()).toEqual(
      feeders.map((f) => [f.id, 3, '285', '0']).sort(),
    );
  });

  it('a player cannot read the cases; freezing marks every account and is audited with its reason', async () => {
    const player = await newPlayer(server.url);
    expect((await request(`${server.url}/api/admin/integrity/cases`, { token: player.token })).status).toBe(403);
    const frozen = await admin(firstAdmin, `/${caseId}/freeze`, undefined, 'ring of fresh accounts');
    expect([frozen.status, frozen.body.status]).toEqual([200, 'frozen']);
    const marks = await server.store.db
      .select({ id: users.id, frozen: users.frozenCaseId })
      .from(users)
      .where(eq(users.frozenCaseId, caseId));
    expect(marks.map((m) => m.id).sort((a, b) => a - b)).toEqual([receiver.id, ...feeders.map((f) => f.id)].sort((a, b) => a - b));
    const [line] = await server.store.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, `integrity_case:${caseId}`));
    expect([line!.action, line!.reason]).toEqual(['integrity.freeze', 'ring of fresh accounts']);
  });

  it('the admin who froze it cannot confirm it; a second admin confiscates what the receiver gained, once under retries', async () => {
    const same = await admin(firstAdmin, `/${caseId}/confirm`, { action: 'confiscate' });
    expect([same.status, same.body.error?.code]).toEqual([409, 'integrity/second_reviewer']);
    const bad = await admin(secondAdmin, `/${caseId}/confirm`, { action: 'everything' });
    expect(bad.status).toBe(400);
    const before = await balanceOf(receiver.id);
    const tries = await Promise.all([1, 2, 3].map(() => admin(secondAdmin, `/${caseId}/confirm`, { action: 'confiscate' })));
    expect(tries.map((t) => t.status)).toEqual([200, 200, 200]);
    const settlement = tries[0]!.body.settlement!;
    // Nine games at 100: 95 reached the receiver from each (the rake stays the house's).
    expect(settlement.moved).toEqual([{ from: receiver.id, to: 'house', amount: '855', wallet_type: 'BONUS_BALANCE' }]);
    expect(await balanceOf(receiver.id)).toBe(before - 855n);
    const moved = await server.store.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `integrity:${caseId}:%`));
    expect(moved).toHaveLength(1);
    expect(await ledgerSum(server.store)).toBe(0n);
    // Banned, unfrozen (the ban holds them), and their ratings from the ring's games gone.
    const [r] = await server.store.db.select().from(users).where(eq(users.id, receiver.id));
    expect([r!.bannedAt !== null, r!.frozenCaseId]).toEqual([true, null]);
    expect(await server.store.db.select().from(ratingHistory).where(eq(ratingHistory.userId, receiver.id))).toEqual([]);
    expect(
      (await request(`${server.url}/api/user/login`, { body: { username: receiver.username, password: 'password-123' } })).status,
    ).toBe(403);
  });
});

describe('a refund pays back victims, never taking a wallet below 0', () => {
  it('what reached the case account from each outsider goes back as far as its balance goes; the rest is reported short', async () => {
    const cheat = await newPlayer(server.url, 'soft');
    const victims = [await newPlayer(server.url, 'vic'), await newPlayer(server.url, 'vic')];
    const games: number[] = [];
    for (const v of victims) for (let i = 0; i < 2; i++) games.push(await dump(v, cheat));
    // The cheat spends most of the winnings: 200 chips are left of its balance.
    const left = await balanceOf(cheat.id);
    await server.store.withTransaction(async (tx) => {
      await transfer(tx, {
        from: { userId: cheat.id, walletType: 'BONUS_BALANCE' },
        to: { system: 'test-spent', walletType: 'BONUS_BALANCE' },
        amount: left - 200n,
        kind: 'test',
        idempotencyKey: `test-spend-${cheat.id}`,
      });
    });
    const [inserted] = await queryRows<{ id: number }>(
      server.store.db,
      sql`insert into integrity_cases (group_key, kind, score, games, evidence, opened_at, updated_at)
          values (${`soft_play:test-${cheat.id}`}, 'soft_play', 0.9, ${`{${games.join(',')}}`}::bigint[], '{"signals":[]}'::jsonb, now(), now())
          returning id`,
    );
    const caseId = Number(inserted!.id);
    await server.store.db.execute(
      sql`insert into integrity_case_accounts (case_id, user_id, role) values (${caseId}, ${cheat.id}, 'member')`,
    );
    const victimBefore = await Promise.all(victims.map((v) => balanceOf(v.id)));
    const early = await admin(secondAdmin, `/${caseId}/confirm`, { action: 'refund' });
    expect([early.status, early.body.error?.code]).toEqual([409, 'integrity/wrong_status']);
    expect((await admin(firstAdmin, `/${caseId}/freeze`)).status).toBe(200);
    const confirmed = await admin(secondAdmin, `/${caseId}/confirm`, { action: 'refund' });
    expect(confirmed.status).toBe(200);
    // 190 owed to each victim; 200 there: the first victim (by id) gets 190, the second 10, 180 short.
    const [first, second] = [...victims].sort((a, b) => a.id - b.id);
    expect(confirmed.body.settlement).toEqual({
      moved: [
        { from: cheat.id, to: String(first!.id), amount: '190', wallet_type: 'BONUS_BALANCE' },
        { from: cheat.id, to: String(second!.id), amount: '10', wallet_type: 'BONUS_BALANCE' },
      ],
      short: [{ user_id: cheat.id, amount: '180', wallet_type: 'BONUS_BALANCE' }],
    });
    expect(await balanceOf(cheat.id)).toBe(0n);
    const after = await Promise.all(victims.map((v) => balanceOf(v.id)));
    expect(after.map((b, i) => b - victimBefore[i]!).sort()).toEqual([10n, 190n].sort());
    const [row] = await server.store.db.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.userId, cheat.id));
    expect(row!.balance >= 0n).toBe(true);
  }, 60_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Store } from '../store/db.js';
import { request } from '../test-support/http.js';
import { createTestStore } from '../test-support/store.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { createRoom, ledgerSum, newPlayer, startedRoom } from '../rooms/test-support.js';

// The lock order (docs/architecture.md "Lock order"): room, tournament, the stake's own row, the
// user's row, wallets. Run with DATABASE_URL for real row locks (PGlite has one connection): a
// path taking two of them the other way round shows up here as a 500 (deadlock_detected, 40P01).

let store: Store;
let server: RoomsServer;
beforeAll(async () => {
  store = await createTestStore();
  // Spins without the slot's pause between them: the race, not the pace, is under test.
  server = await startRoomsServer({ store, config: { responsible: { ageCheck: false, banditMinSpinMs: 0, playMinuteMs: 60_000 } } });
});
afterAll(async () => {
  await server?.close();
  await store?.close();
});

type Answer = { status: number; body: { error?: { code: string } } };
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  request(`${server.url}${path}`, { token, ...(body === undefined ? { method: 'POST' } : { body }) });

/** Every account sums to zero and matches its ledger lines (docs/operations.md). */
async function expectBooksBalance(): Promise<void> {
  expect(await ledgerSum(store)).toBe(0n);
  const mismatched = await queryRows(
    store.db,
    sql`select a.id from accounts a left join ledger_entries e on e.account_id = a.id
        group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(mismatched).toEqual([]);
}

const ROUNDS = 20;

describe('lock order', () => {
  it('games that end while their winner stakes elsewhere (a spin, new limits) all finish and pay: no deadlock', async () => {
    const pairs = [];
    for (let i = 0; i < ROUNDS; i++) {
      const x = await newPlayer(server.url, 'lo');
      const y = await newPlayer(server.url, 'lo');
      pairs.push({ x, y, room: await startedRoom(server.url, [x, y]) });
    }
    // The game's end pays x (room, then the wallets, then x's row for its last game); the spin
    // takes x's row (the stake guard), then x's wallet; the limits change takes x's row.
    const answers = await Promise.all(
      pairs.flatMap(({ x, y, room }, i) => [
        post(`/api/v1/rooms/${room}/surrender`, y.token),
        post('/api/v1/bandit/spin', x.token, { bet: '100', balance_type: 'BONUS_BALANCE', idempotency_key: `lock-order-${i}` }),
        request<Answer['body']>(`${server.url}/api/user/limits`, { token: x.token, method: 'PUT', body: { session_minutes: 600 } }),
      ]),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, JSON.stringify(a.body)])).toEqual([]);
    for (const { x, room } of pairs) {
      const view = await request<{ status: string }>(`${server.url}/api/v1/rooms/${room}/view`, { token: x.token });
      expect(view.body.status).toBe('FINISHED');
    }
    await expectBooksBalance();
  });

  it('sit-downs racing a break of the same player: none fails, and a player on a break holds no waiting seat', async () => {
    const x = await newPlayer(server.url, 'lo');
    const rooms: number[] = [];
    for (let i = 0; i < ROUNDS; i++) rooms.push(await createRoom(server.url, await newPlayer(server.url, 'lo'), { player_count: 2 }));
    const answers = await Promise.all([
      ...rooms.map((room) => post(`/api/v1/rooms/${room}/seat`, x.token, {})),
      post('/api/user/timeout', x.token, { days: 1 }),
      request<Answer['body']>(`${server.url}/api/user/limits`, { token: x.token, method: 'PUT', body: { session_minutes: 600 } }),
    ]);
    for (const a of answers) {
      if (a.status !== 200) expect(a.body.error?.code).toBe('limits/timeout');
    }
    // The break leaves the waiting rooms after its commit; a seat asked for later is refused.
    const seated = await queryRows<{ room_id: string }>(
      store.db,
      sql`select room_id from room_seats where user_id = ${x.id} and room_id = any(${`{${rooms.join(',')}}`}::bigint[])`,
    );
    expect(seated).toEqual([]);
    await expectBooksBalance();
  });
});

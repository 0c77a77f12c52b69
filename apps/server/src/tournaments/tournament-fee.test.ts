import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bonusBalance, createClock, ledgerSum, newPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { queryRows } from '../store/db.js';
import { request } from '../test-support/http.js';
import { adminToken, createTournament, playGame, registerAll } from './test-support.js';

// FEATURES.md §9: the fee goes wallet -> house beside the buy-in and the rebuy, never into the pool.
const clock = createClock(Date.parse('2026-11-03T12:00:00Z'));
let server: RoomsServer;
let admin: string;

beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { tournamentBreakSeconds: 10 } });
});
beforeEach(async () => {
  admin = await adminToken(server.url);
});
afterAll(async () => server?.close());

const players = (n: number) => Promise.all(Array.from({ length: n }, () => newPlayer(server.url, 'f')));

async function house(): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    server.store.db,
    sql`select coalesce(sum(balance), 0)::text as balance from accounts where system_key = 'house' and wallet_type = 'BONUS_BALANCE'`,
  );
  return BigInt(row!.balance);
}
async function poolAccount(id: number): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    server.store.db,
    sql`select coalesce(sum(balance), 0)::text as balance from accounts where system_key = ${`tournament:${id}`}`,
  );
  return BigInt(row!.balance);
}
async function rakeOf(id: number): Promise<string | undefined> {
  const info = await request<{ items: { id: number; rake: string; pool: string }[] }>(
    `${server.url}/api/v1/admin/tournament/info?limit=100`,
    { token: admin },
  );
  return info.body.items.find((t) => t.id === id)?.rake;
}
const detail = async (id: number, token: string) =>
  (
    await request<{ pool: string; fee: string; player_info: { is_eliminated: boolean } }>(`${server.url}/api/v1/tournament/${id}`, {
      token,
    })
  ).body;

describe('a tournament with a house fee', () => {
  it('takes buy-in to the pool and fee to the house at registration; the pool and its prizes never see the fee', async () => {
    const [a, b] = await players(2);
    const id = await createTournament(server.url, admin, clock, { buy_in: '100', fee: '15' });
    const [walletBefore, houseBefore] = [await bonusBalance(server.url, a!), await house()];
    await registerAll(server.url, id, [a!, b!]);
    expect(await bonusBalance(server.url, a!)).toBe(walletBefore - 115n);
    expect(await house()).toBe(houseBefore + 30n);
    expect(await poolAccount(id)).toBe(200n);
    const seen = await detail(id, a!.token);
    expect(seen.pool).toBe('200');
    expect(seen.fee).toBe('15');
    expect(await rakeOf(id)).toBe('30');
    expect(await ledgerSum(server.store)).toBe(0n);
  });

  it('gives the fee back with the buy-in when a player withdraws before the start, and the rake follows', async () => {
    const [a, b] = await players(2);
    const id = await createTournament(server.url, admin, clock, { buy_in: '100', fee: '20' });
    await registerAll(server.url, id, [a!, b!]);
    const [walletBefore, houseBefore] = [await bonusBalance(server.url, a!), await house()];
    const withdrawn = await request(`${server.url}/api/v1/tournament/cancel`, { token: a!.token, body: { tournament_id: id } });
    expect(withdrawn.status).toBe(200);
    expect(await bonusBalance(server.url, a!)).toBe(walletBefore + 120n);
    expect(await house()).toBe(houseBefore - 20n);
    expect(await rakeOf(id)).toBe('20');
    expect(await ledgerSum(server.store)).toBe(0n);
  });

  it('refuses a player who can pay the buy-in but not the fee, and takes nothing', async () => {
    const [a] = await players(1);
    const balance = await bonusBalance(server.url, a!);
    const id = await createTournament(server.url, admin, clock, { buy_in: balance.toString(), fee: '1' });
    const refused = await request<{ error: { code: string } }>(`${server.url}/api/v1/tournament/registration`, {
      token: a!.token,
      body: { tournament_id: id },
    });
    expect(refused.body.error.code).toBe('wallet/insufficient_funds');
    expect(await bonusBalance(server.url, a!)).toBe(balance);
    expect(await poolAccount(id)).toBe(0n);
    expect(await rakeOf(id)).toBe('0');
  });

  it('takes the fee again at a rebuy, and a cancellation refunds every fee and every buy-in', async () => {
    const field = await players(4);
    const id = await createTournament(server.url, admin, clock, {
      room_size: 2,
      rebuy_rounds: 1,
      rebuy_price: '150',
      buy_in: '100',
      fee: '10',
    });
    await registerAll(server.url, id, field);
    const balances = await Promise.all(field.map((p) => bonusBalance(server.url, p)));
    clock.advance(61_000);
    await server.services.tournaments.fireDue();
    const running = await queryRows<{ id: string }>(
      server.store.db,
      sql`select id from rooms where tournament_id = ${id} and status <> 'FINISHED'`,
    );
    for (const room of running) await playGame(server, Number(room.id));
    const statuses = await Promise.all(field.map((p) => detail(id, p.token)));
    const out = field[statuses.findIndex((s) => s.player_info.is_eliminated)]!;
    const [outBefore, houseBefore] = [await bonusBalance(server.url, out), await house()];
    const rebought = await request<{ pool: string }>(`${server.url}/api/v1/tournament/${id}/rebuy`, { token: out.token, method: 'POST' });
    expect(rebought.status).toBe(200);
    expect(rebought.body.pool).toBe('550');
    expect(await bonusBalance(server.url, out)).toBe(outBefore - 160n);
    expect(await house()).toBe(houseBefore + 10n);
    expect(await rakeOf(id)).toBe('50');

    const cancelled = await request(`${server.url}/api/v1/tournament/delete`, {
      token: admin,
      method: 'DELETE',
      body: { tournament_id: id },
    });
    expect(cancelled.status).toBe(200);
    // Every player has back what they had after registering plus the buy-in and fee of that registration.
    const after = await Promise.all(field.map((p) => bonusBalance(server.url, p)));
    expect(after).toEqual(balances.map((b) => b + 110n));
    expect(await poolAccount(id)).toBe(0n);
    expect(await rakeOf(id)).toBe('0');
    expect(await ledgerSum(server.store)).toBe(0n);
  });
});

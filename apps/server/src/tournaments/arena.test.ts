import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bonusBalance, createClock, ledgerSum, listen, newPlayer, type Captured } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { arenaEntries, arenaRow, arenaTables, createArena, surrender, sweepAfter } from './arena-test-support.js';
import { adminToken, registerAll, tournamentBody } from './test-support.js';

const clock = createClock(Date.parse('2026-11-05T12:00:00Z'));
let server: RoomsServer;
let admin: string;
// An arena minute of 6 s: the shortest arena (10 minutes) lasts one real minute of the test's clock.
const MINUTE_MS = 6_000;

beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { arenaMinuteSeconds: MINUTE_MS / 1000 } });
});
beforeEach(async () => {
  admin = await adminToken(server.url);
});
afterAll(async () => server?.close());

const players = (n: number) => Promise.all(Array.from({ length: n }, () => newPlayer(server.url, 'a')));
const post = (path: string, token: string, body?: unknown) =>
  request<Record<string, unknown> & { error?: { code: string; details?: { field?: string } } }>(`${server.url}${path}`, {
    method: 'POST',
    token,
    ...(body === undefined ? {} : { body }),
  });

async function started(n: number, overrides: Record<string, unknown> = {}) {
  const field = await players(n);
  const id = await createArena(server.url, admin, clock, overrides);
  await registerAll(server.url, id, field);
  await sweepAfter(server, clock, 61_000);
  return { id, field };
}

describe('creating an arena', () => {
  it('answers the arena with its clock and table size; a wrong field is named', async () => {
    const id = await createArena(server.url, admin, clock, { duration_minutes: 30, table_size: 3 });
    const t = await request<Record<string, unknown>>(`${server.url}/api/v1/tournament/${id}`, { token: admin });
    expect(t.body).toMatchObject({ format: 'arena', duration_minutes: 30, table_size: 3, room_size: 3, ends_at: null });
    const listed = await request<{ items: { id: number; format: string }[] }>(`${server.url}/api/v1/admin/tournament/info?limit=100`, {
      token: admin,
    });
    expect(listed.body.items.find((i) => i.id === id)?.format).toBe('arena');
    const arena = { ...tournamentBody(clock), format: 'arena', duration_minutes: 30, table_size: 2, room_size: undefined };
    for (const [change, field] of [
      [{ duration_minutes: 9 }, 'duration_minutes'],
      [{ duration_minutes: 241 }, 'duration_minutes'],
      [{ table_size: 5 }, 'table_size'],
      [{ table_size: undefined }, 'table_size'],
      [{ rebuy_rounds: 1, rebuy_price: '10' }, 'rebuy_rounds'],
      [{ format: 'swiss' }, 'format'],
    ] as const) {
      const answer = await post('/api/v1/tournament/', admin, { ...arena, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.error?.details?.field).toBe(field);
    }
    const knockout = await post('/api/v1/tournament/', admin, { ...tournamentBody(clock), room_size: undefined });
    expect(knockout.body.error?.details?.field).toBe('room_size');
  });
});

describe('points and streaks', () => {
  it('scores 2, 2, then 4 on a streak; a surrender scores 0 and ends the streak; the board says so live', async () => {
    const { id, field } = await started(2);
    const [a, b] = field as [(typeof field)[0], (typeof field)[0]];
    const captured: Captured[] = [];
    const client = await listen(server.wsUrl, a, [`tournament:${id}`], captured);
    try {
      for (const loser of [b, b, b, a]) {
        const [table] = await arenaTables(server, id);
        expect(table?.players.sort()).toEqual([a.id, b.id].sort());
        await surrender(server, loser.id, table!.roomId);
        // Alone in the arena, the two wait the rematch hold out for someone else, then meet again.
        await sweepAfter(server, clock, 2_500);
        expect(await arenaTables(server, id)).toEqual([]);
        await sweepAfter(server, clock, 2_000);
      }
      const entries = await arenaEntries(server, id);
      expect(entries.get(a.id)).toMatchObject({ points: 8, games: 4, wins: 3, streak: 0 });
      expect(entries.get(b.id)).toMatchObject({ points: 2, games: 4, wins: 1, streak: 1 });
      const board = await request<{ items: Record<string, unknown>[] }>(`${server.url}/api/v1/tournament/${id}/standings?page=1&limit=10`, {
        token: b.token,
      });
      expect(board.body.items).toMatchObject([
        { place: 1, user_id: a.id, username: a.username, points: 8, games: 4, wins: 3, streak: 0 },
        { place: 2, user_id: b.id, points: 2, wins: 1, streak: 1 },
      ]);
      await expect
        .poll(() => captured.some((c) => c.data.type === 'standings_changed' && (c.data.items as { points: number }[])[0]?.points === 8))
        .toBe(true);
    } finally {
      client.disconnect();
    }
  });
});

describe('joining and pausing while it runs', () => {
  it('a late player is seated at once; a paused one is not seated again until they join', async () => {
    const { id, field } = await started(2);
    const late = (await players(1))[0]!;
    await registerAll(server.url, id, [late]);
    const [first] = await arenaTables(server, id);
    await surrender(server, field[1]!.id, first!.roomId);
    await sweepAfter(server, clock, 2_500);
    // The late player and the winner of the first game meet; the loser waits rather than replay the same table.
    const tables = await arenaTables(server, id);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.players).toContain(late.id);

    const paused = await post(`/api/v1/tournament/${id}/pause`, late.token);
    expect(paused.status).toBe(200);
    expect(paused.body.player_info).toMatchObject({ is_registered: true, is_paused: true });
    const other = tables[0]!.players.find((p) => p !== late.id)!;
    await surrender(server, late.id, tables[0]!.roomId);
    await sweepAfter(server, clock, 2_500);
    const next = await arenaTables(server, id);
    expect(next.flatMap((t) => t.players)).not.toContain(late.id);
    expect(next.flatMap((t) => t.players).sort()).toEqual([field[0]!.id, field[1]!.id].filter((p) => p !== late.id).sort());
    expect(other).toBeDefined();

    const joined = await post(`/api/v1/tournament/${id}/join`, late.token);
    expect(joined.body.player_info).toMatchObject({ is_paused: false });
    // A knockout has no join; a stranger is not registered; the admin's pause is the whole arena's.
    const knockout = await post(`/api/v1/tournament/${id}/join`, (await players(1))[0]!.token);
    expect(knockout.body.error?.code).toBe('tournament/not_registered');
    const adminPause = await post(`/api/v1/tournament/${id}/pause`, admin);
    expect(adminPause.body).toMatchObject({ status: 'paused' });
    expect((await post(`/api/v1/tournament/${id}/continue`, admin)).body).toMatchObject({ status: 'running' });
  });
});

describe('linked accounts (FEATURES.md §12)', () => {
  it('two accounts linked after registering never share a table at stake, game after game', async () => {
    const field = await players(4);
    const id = await createArena(server.url, admin, clock, { buy_in: '50' });
    await registerAll(server.url, id, field);
    // The second account signs in once from the first's device: linked from now on.
    for (const [p, device] of [
      [field[0]!, 'arena-ring-0001'],
      [field[1]!, 'arena-ring-0001'],
    ] as const)
      expect(
        (await request(`${server.url}/api/user/login`, { body: { username: p.username, password: 'password-123', device_id: device } }))
          .status,
      ).toBe(200);
    await sweepAfter(server, clock, 61_000);
    const ring = [field[0]!.id, field[1]!.id];
    for (let game = 0; game < 6; game++) {
      const tables = await arenaTables(server, id);
      expect(tables.length, `game ${game}`).toBeGreaterThan(0);
      for (const table of tables)
        expect(
          ring.every((p) => table.players.includes(p)),
          `game ${game}`,
        ).toBe(false);
      await surrender(server, tables[0]!.players[0]!, tables[0]!.roomId);
      await sweepAfter(server, clock, 2_500);
    }
  });
});

describe('the end', () => {
  it('starts no game after the clock, counts the running one, then pays the places once', async () => {
    const { id, field } = await started(3, { buy_in: '300', payout_preset_id: 2 });
    const balances = await Promise.all(field.map((p) => bonusBalance(server.url, p)));
    // Play until the clock is close to the end, then let it end with one game running.
    const t = await arenaRow(server, id);
    clock.advance(t.endsAt!.getTime() - clock.now().getTime() - 1_000);
    await server.services.tournaments.fireDue();
    const running = await arenaTables(server, id);
    expect(running).toHaveLength(1);
    await sweepAfter(server, clock, 2_000);
    expect((await arenaRow(server, id)).status).toBe('running');
    const [winner, loser] = running[0]!.players as [number, number];
    await surrender(server, loser, running[0]!.roomId);
    await sweepAfter(server, clock, 5_000);
    expect(await arenaTables(server, id)).toEqual([]);
    const done = await arenaRow(server, id);
    expect(done.status).toBe('finished');
    expect(done.paidOut).toBe(900n);
    const entries = await arenaEntries(server, id);
    expect(entries.get(winner)).toMatchObject({ place: 1, points: 2 });
    const after = await Promise.all(field.map((p) => bonusBalance(server.url, p)));
    const gained = after.reduce((sum, b, i) => sum + b - balances[i]!, 0n);
    expect(gained).toBe(900n);
    expect(await ledgerSum(server.store)).toBe(0n);
    await sweepAfter(server, clock, 60_000);
    expect(await Promise.all(field.map((p) => bonusBalance(server.url, p)))).toEqual(after);
  });

  it('the admin cancels a running arena: every buy-in back, the games stopped', async () => {
    const field = await players(2);
    const balances = await Promise.all(field.map((p) => bonusBalance(server.url, p)));
    const id = await createArena(server.url, admin, clock, { buy_in: '250' });
    await registerAll(server.url, id, field);
    await sweepAfter(server, clock, 61_000);
    expect(await arenaTables(server, id)).toHaveLength(1);
    const cancelled = await request<{ status: string }>(`${server.url}/api/v1/tournament/delete`, {
      method: 'DELETE',
      token: admin,
      body: { tournament_id: id },
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect(await arenaTables(server, id)).toEqual([]);
    expect(await Promise.all(field.map((p) => bonusBalance(server.url, p)))).toEqual(balances);
  });
});

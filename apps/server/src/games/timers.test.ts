import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../test-support/http.js';
import { createClock, createRoom, newPlayer, startedRoom } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';

const clock = createClock();
let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { turnSeconds: 30, speedTurnSeconds: 15, readySeconds: 60, openRoomSeconds: 300 } });
});
afterAll(async () => server?.close());

interface Watch {
  status: string;
  seq: number;
  timers: { timer_response: { player_id: string; created_at: string; expired_at: string } }[];
  seats: Record<string, { result: string | null; amount: string | null; result_reason: string | null }>;
}
const watch = async (id: number, token: string) => (await request<Watch>(`${server.url}/api/v1/rooms/${id}/watch`, { token })).body;

/**
 * Lets the computer play a room to its end. Steps of 2 s: past each timer (and bank) once, then at
 * the stand-in's pause of 0.6-1.5 s a move.
 */
async function playOut(id: number, token: string): Promise<void> {
  for (let i = 0; i < 600 && (await watch(id, token)).status !== 'FINISHED'; i++) {
    clock.advance(2_000);
    await server.module.games.fireDue();
  }
}

describe('turn timers', () => {
  it('shows the deadline, does nothing before it, and the computer moves for the player when it passes', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players, { is_speed_mode: true });
    const before = await watch(id, players[0]!.token);
    expect(before.timers).toHaveLength(1);
    const timer = before.timers[0]!.timer_response;
    expect(Date.parse(timer.expired_at) - Date.parse(timer.created_at)).toBe(15_000);

    clock.advance(14_000);
    expect(await server.module.games.fireDue()).toBe(0);
    clock.advance(1_500);
    expect(await server.module.games.fireDue()).toBe(1);
    const after = await watch(id, players[0]!.token);
    expect(after.seq).toBe(before.seq + 1);
    await playOut(id, players[0]!.token); // the later tests count due rooms: none of this one may be left
  });

  it('a player who lets the timer run out is played by the computer, never counted out: the game counts normally', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    await playOut(id, players[0]!.token);
    const over = await watch(id, players[0]!.token);
    expect(over.status).toBe('FINISHED');
    expect(Object.values(over.seats).map((s) => s.result_reason)).toEqual(['normal', 'normal']);
    // The stakes moved as in any game: one lost 100, the other won it less the 5% rake (or a draw returned both).
    expect(
      Object.values(over.seats)
        .map((s) => s.amount)
        .sort(),
    ).toEqual(over.seats[String(players[0]!.id)]!.result === 'draw' ? ['0', '0'] : ['-100', '95']);
  });
});

describe('ready timers', () => {
  it('frees the seats of players who do not press ready; an empty room closes', async () => {
    const [a, b, c] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, a, { player_count: 3 });
    await request(`${server.url}/api/v1/rooms/${id}/seat`, { token: b.token, body: {} });
    await request(`${server.url}/api/v1/rooms/${id}/ready`, { token: b.token, method: 'POST' });
    const pending = await watch(id, a.token);
    expect(pending.timers.map((t) => t.timer_response.player_id)).toEqual([String(a.id)]);

    clock.advance(61_000);
    expect(await server.module.games.fireDue()).toBe(1);
    const room = await request<{ status: string; seats: { player_id: number }[] }>(`${server.url}/api/v1/rooms/${id}`, { token: a.token });
    expect(room.body.status).toBe('pending');
    expect(room.body.seats.map((s) => s.player_id)).toEqual([b.id]);

    await request(`${server.url}/api/v1/rooms/${id}/seat`, { token: c.token, body: {} });
    await request(`${server.url}/api/v1/rooms/${id}/leave`, { token: b.token, method: 'POST' });
    clock.advance(61_000);
    await server.module.games.fireDue();
    const closed = await request<{ status: string }>(`${server.url}/api/v1/rooms/${id}`, { token: a.token });
    expect(closed.body.status).toBe('FINISHED');
  });

  it('a room whose seated players are all ready but whose seats stay free closes after the open-room time', async () => {
    const [a, b] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, a, { player_count: 3 });
    await request(`${server.url}/api/v1/rooms/${id}/ready`, { token: a.token, method: 'POST' });
    // Someone sitting down restarts the wait: the room is alive while players come.
    clock.advance(200_000);
    expect(await server.module.games.fireDue()).toBe(0);
    await request(`${server.url}/api/v1/rooms/${id}/seat`, { token: b.token, body: {} });
    await request(`${server.url}/api/v1/rooms/${id}/ready`, { token: b.token, method: 'POST' });
    clock.advance(200_000);
    expect(await server.module.games.fireDue()).toBe(0);
    const waiting = await request<{ status: string }>(`${server.url}/api/v1/rooms/${id}`, { token: a.token });
    expect(waiting.body.status).toBe('pending');

    clock.advance(101_000);
    expect(await server.module.games.fireDue()).toBe(1);
    const closed = await request<{ status: string; seats: unknown[] }>(`${server.url}/api/v1/rooms/${id}`, { token: a.token });
    expect(closed.body.status).toBe('FINISHED');
    expect(closed.body.seats).toEqual([]);
    const lobby = await request<{ items: { id: number }[] }>(`${server.url}/api/v1/rooms/?limit=100`, { token: a.token });
    expect(lobby.body.items.map((r) => r.id)).not.toContain(id);
    // Nothing was staked before the start: both wallets are as they were.
    const me = await request<{ wallets: { wallet_type: string; balance: string }[] }>(`${server.url}/api/user/users/me`, {
      token: a.token,
    });
    expect(me.body.wallets.find((w) => w.wallet_type === 'BONUS_BALANCE')?.balance).toBe('10000');
  });
});

describe('a burst of timeouts', () => {
  it("does not hold up another table's move until the whole burst is done", async () => {
    // Many tables' timers run out together; the sweep times them out one after the other. On the
    // embedded database every statement runs on this thread, so a sweep that never yields would
    // keep a player's request from even being read until the last table was done.
    const tables = 12;
    for (let i = 0; i < tables; i++) await startedRoom(server.url, [await newPlayer(server.url), await newPlayer(server.url)]);
    clock.advance(31_000);
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    let isSwept = false;
    const sweep = server.module.games.fireDue().then((count) => {
      isSwept = true;
      return count;
    });
    const moved = await request(`${server.url}/api/v1/rooms/${id}/surrender`, { method: 'POST', token: players[0]!.token });
    expect(moved.status).toBe(200);
    expect(isSwept).toBe(false);
    expect(await sweep).toBe(tables);
  }, 120_000);
});

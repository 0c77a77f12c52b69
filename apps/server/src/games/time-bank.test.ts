import { legalActions, type GameView } from '@durak/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../test-support/http.js';
import { actionBody, createClock, newPlayer, playToEnd, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';

const clock = createClock();
let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { turnSeconds: 30, speedTurnSeconds: 15, timeBankSeconds: 10 } });
});
afterAll(async () => server?.close());

interface Watch {
  status: string;
  seq: number;
  turn: { current_attacker_user_id: string } | null;
  timers: { timer_response: { player_id: string; created_at: string; expired_at: string }; is_time_bank?: boolean }[];
  seats: Record<string, { result: string | null; amount: string | null; result_reason: string | null; time_bank_ms: number }>;
  rake: string | null;
}
const watch = async (id: number, token: string) => (await request<Watch>(`${server.url}/api/v1/rooms/${id}/watch`, { token })).body;
const byId = (players: readonly TestPlayer[], id: string) => players.find((p) => String(p.id) === id)!;

/** The awaited player plays any legal move other than surrender, with the seq they saw. */
async function playOnce(id: number, player: TestPlayer): Promise<number> {
  const view = (await request<GameView>(`${server.url}/api/v1/rooms/${id}/view`, { token: player.token })).body;
  const move = legalActions(view, String(player.id)).find((a) => a.type !== 'surrender')!;
  const answer = await request(`${server.url}/api/v1/rooms/${id}/${move.type}`, { token: player.token, body: actionBody(move, view.seq) });
  return answer.status;
}

describe('time bank', () => {
  it('runs when the turn timer runs out; a player back within it plays on and keeps what is left', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    const start = await watch(id, players[0]!.token);
    expect(Object.values(start.seats).map((s) => s.time_bank_ms)).toEqual([10_000, 10_000]);
    const awaited = byId(players, start.timers[0]!.timer_response.player_id);

    // The player's connection drops; the turn timer runs out and the bank starts instead of the timeout.
    clock.advance(31_000);
    expect(await server.module.games.fireDue()).toBe(1);
    const banked = await watch(id, awaited.token);
    expect(banked.seq).toBe(start.seq);
    const timer = banked.timers[0]!;
    expect(timer.is_time_bank).toBe(true);
    expect(Date.parse(timer.timer_response.expired_at) - Date.parse(timer.timer_response.created_at)).toBe(10_000);

    // Back 4 s later (5 s into the bank): the move is the player's own, nothing was lost but bank time.
    clock.advance(4_000);
    expect(await server.module.games.fireDue()).toBe(0);
    expect(await playOnce(id, awaited)).toBe(200);
    const after = await watch(id, awaited.token);
    expect(after.seq).toBe(start.seq + 1);
    expect(after.seats[String(awaited.id)]!.time_bank_ms).toBe(5_000);
    expect(after.timers.every((t) => !t.is_time_bank)).toBe(true);
  });

  it('once the bank has run out the computer moves for the player, and the next game fills it again', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    const start = await watch(id, players[0]!.token);
    const awaited = String(start.timers[0]!.timer_response.player_id);
    // Other tests' rooms share the clock: only this room's state is asserted.
    clock.advance(30_000);
    await server.module.games.fireDue();
    expect((await watch(id, players[0]!.token)).seq).toBe(start.seq);
    clock.advance(10_000);
    await server.module.games.fireDue();
    const timedOut = await watch(id, players[0]!.token);
    expect(timedOut.seq).toBe(start.seq + 1);
    expect(timedOut.seats[awaited]!.time_bank_ms).toBe(0);

    await request(`${server.url}/api/v1/rooms/${id}/surrender`, { token: players[0]!.token, body: {} });
    const next = await startedRoom(server.url, players);
    expect(Object.values((await watch(next, players[0]!.token)).seats).map((s) => s.time_bank_ms)).toEqual([10_000, 10_000]);
  });
});

describe('result_reason', () => {
  it('surrender: the loser surrendered, the winner played out; the rake explains the amounts', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    expect((await watch(id, players[0]!.token)).seats[String(players[0]!.id)]!.result_reason).toBeNull();
    await request(`${server.url}/api/v1/rooms/${id}/surrender`, { token: players[0]!.token, body: {} });
    const over = await watch(id, players[0]!.token);
    expect(over.seats[String(players[0]!.id)]).toMatchObject({ result: 'defeat', result_reason: 'surrender', amount: '-100' });
    expect(over.seats[String(players[1]!.id)]).toMatchObject({ result: 'victory', result_reason: 'normal', amount: '95' });
    expect(over.rake).toBe('5');
  });

  it('left: a player who leaves the running game', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    await request(`${server.url}/api/v1/rooms/${id}/leave`, { token: players[1]!.token, method: 'POST' });
    const over = await watch(id, players[0]!.token);
    expect(over.seats[String(players[1]!.id)]).toMatchObject({ result: 'defeat', result_reason: 'left' });
    expect(over.seats[String(players[0]!.id)]!.result_reason).toBe('normal');
  });

  it('normal, not timeout: a player whose timer and bank run out is played by the computer to the end (FEATURES.md §11)', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    // Nobody moves: each turn the timer and bank run out and the stand-in plays; it never gives up.
    // Steps of 2 s: past each timer (and bank) once, then at the stand-in's pause of 0.6-1.5 s a move.
    for (let i = 0; i < 600 && (await watch(id, players[0]!.token)).status !== 'FINISHED'; i++) {
      clock.advance(2_000);
      await server.module.games.fireDue();
    }
    const over = await watch(id, players[0]!.token);
    expect(over.status).toBe('FINISHED');
    expect(Object.values(over.seats).map((s) => s.result_reason)).toEqual(['normal', 'normal']);
  });

  it('normal: a game played to its end', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    await playToEnd(server.url, id, players);
    const over = await watch(id, players[0]!.token);
    expect(Object.values(over.seats).map((s) => s.result_reason)).toEqual(['normal', 'normal']);
  });
});

import { dealFromSeed } from '@durak/engine';
import { reapplyReplay, replayAnswer, type ReplayAnswer } from '@durak/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeUser } from '../admin/test-support.js';
import { createRoom, newPlayer, playToEnd, rng, seatAndReady, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import type { TestServer } from '../test-support/server.js';

let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer();
});
afterAll(async () => server?.close());

type ErrorReply = { error: { code: string; details?: Record<string, unknown> } };
const replayOf = (id: number | string, token: string, password?: string) =>
  request<ReplayAnswer & ErrorReply>(`${server.url}/api/v1/rooms/${id}/replay`, {
    token,
    ...(password === undefined ? {} : { headers: { 'x-room-password': password } }),
  });

/** A two-player game that ends at once: the first player surrenders. */
async function surrenderedGame(host: TestPlayer, guest: TestPlayer, options: Record<string, unknown> = {}): Promise<number> {
  const id = await createRoom(server.url, host, options);
  for (const p of [guest]) {
    const seated = await request(`${server.url}/api/v1/rooms/${id}/seat`, {
      token: p.token,
      body: options.password ? { password: options.password } : {},
    });
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
  }
  for (const p of [host, guest])
    expect((await request(`${server.url}/api/v1/rooms/${id}/ready`, { token: p.token, method: 'POST' })).status).toBe(200);
  const gone = await request(`${server.url}/api/v1/rooms/${id}/surrender`, { token: host.token, body: {} });
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  return id;
}

describe('GET /api/v1/rooms/{id}/replay', () => {
  it('gives a finished game whose steps the engine re-applies to the recorded result, from the seed’s deck', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, players[0]!, { player_count: 3, is_transfer_allowed: true });
    await seatAndReady(server.url, id, players);
    const { applied } = await playToEnd(server.url, id, players, rng(id));

    const stranger = await newPlayer(server.url, 's');
    const answer = await replayOf(id, stranger.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const replay = replayAnswer.parse(answer.body);
    expect(replay.steps).toHaveLength(applied);
    expect(replay.steps.map((s) => s.seq)).toEqual(Array.from({ length: applied }, (_, i) => i + 1));
    expect(replay.players.map((p) => p.username)).toEqual(players.map((p) => p.username));
    expect(replay.players.map((p) => p.user_id)).toEqual(players.map((p) => String(p.id)));
    expect(replay.deck).toEqual(dealFromSeed(replay.seed, 36, 3).deck);
    expect(replay.trump_card).toEqual(replay.deck[35]);
    for (const step of replay.steps) if (step.action.type !== 'timeout') expect(step.actor_user_id).toBe(step.action.player);

    const again = reapplyReplay(replay);
    expect(again.ok, JSON.stringify(again.ok ? null : again.problem)).toBe(true);
    if (!again.ok) return;
    expect(again.frames).toHaveLength(applied + 1);
    const last = again.frames[applied]!.state;
    expect(last.phase).toBe('finished');
    // The durak of the replay is the durak the results dialog showed.
    const durak = replay.result.find((r) => r.result === 'defeat')?.player_id ?? null;
    expect(durak === null ? null : last.results[last.players.indexOf(durak)]).toBe(durak === null ? null : 'defeat');
  }, 60_000);

  it('refuses a game that still runs with room/not_finished, and shows nothing of it', async () => {
    const [host, guest] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host);
    await seatAndReady(server.url, id, [host, guest]);
    const running = await replayOf(id, host.token);
    expect([running.status, running.body.error.code]).toEqual([409, 'room/not_finished']);
    expect(JSON.stringify(running.body)).not.toMatch(/"(seed|deck|steps)"/);
  });

  it('keeps a private game for its players, the password and admins', async () => {
    const [host, guest, stranger] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const admin = await placeUser({ services: server.services } as unknown as TestServer, { roles: ['admin'] });
    const id = await surrenderedGame(host, guest, { password: 'hunter22' });

    for (const who of [host, guest, admin]) expect((await replayOf(id, who.token)).status).toBe(200);
    const without = await replayOf(id, stranger.token);
    expect([without.status, without.body.error.code]).toEqual([403, 'room/password_required']);
    expect(JSON.stringify(without.body)).not.toMatch(/"(seed|deck|steps)"/);
    const wrong = await replayOf(id, stranger.token, 'guess');
    expect([wrong.status, wrong.body.error.code]).toEqual([403, 'room/wrong_password']);
    const right = await replayOf(id, stranger.token, 'hunter22');
    expect(right.status).toBe(200);
    expect(right.body.steps.map((s) => s.action.type)).toEqual(['surrender']);
    expect(right.body.result.find((r) => r.player_id === String(host.id))?.result_reason).toBe('surrender');
  });

  it('answers a public game to anyone signed in, and nobody signed out', async () => {
    const [host, guest, stranger] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await surrenderedGame(host, guest);
    expect((await replayOf(id, stranger.token)).status).toBe(200);
    expect((await request(`${server.url}/api/v1/rooms/${id}/replay`)).status).toBe(401);
  });

  it('names the bad field of a malformed id, and 404s a room that does not exist', async () => {
    const player = await newPlayer(server.url);
    const bad = await replayOf('seven', player.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
    const missing = await replayOf(987654321, player.token);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'room/not_found']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Centrifuge } from 'centrifuge';
import { until } from '../realtime/test-support.js';
import { request } from '../test-support/http.js';
import { createRoom, listen, newPlayer, startedRoom, type Captured, type TestPlayer } from './test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';

let server: RoomsServer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.close();
});

interface Seated {
  position: number;
  room: {
    id: number;
    status: string;
    bet_amount: string;
    is_private: boolean;
    is_transfer_allowed: boolean;
    deck_size: number;
    seats: { player_id: number }[];
  };
}
const rematch = (id: number | string, p: TestPlayer) =>
  request<Seated & { error?: { code: string } }>(`${server.url}/api/v1/rooms/${id}/rematch`, { token: p.token, method: 'POST' });

/** A two-player game that ends at once: the first player surrenders. */
async function finishedGame(players: TestPlayer[], options: Record<string, unknown> = {}): Promise<number> {
  const id = await createRoom(server.url, players[0]!, options);
  for (const p of players.slice(1))
    await request(`${server.url}/api/v1/rooms/${id}/seat`, { token: p.token, body: { password: options.password } });
  for (const p of players) await request(`${server.url}/api/v1/rooms/${id}/ready`, { token: p.token, method: 'POST' });
  const gave = await request(`${server.url}/api/v1/rooms/${id}/surrender`, { token: players[0]!.token, body: {} });
  expect(gave.status).toBe(200);
  return id;
}

describe('POST rooms/{id}/rematch', () => {
  it('creates one room with the same options, bet and password; the other player hears of it and joins the same room', async () => {
    const [a, b] = [await newPlayer(server.url), await newPlayer(server.url)];
    const captured: Captured[] = [];
    clients.push(await listen(server.wsUrl, b, [`#${b.id}`], captured));
    const old = await finishedGame([a, b], { bet_amount: '250', is_transfer_allowed: true, deck_size: 24, password: 'secret-1' });

    const first = await rematch(old, a);
    expect(first.status).toBe(201);
    expect(first.body.room).toMatchObject({
      status: 'pending',
      bet_amount: '250',
      is_private: true,
      is_transfer_allowed: true,
      deck_size: 24,
    });
    expect(first.body.room.seats.map((s) => s.player_id)).toEqual([a.id]);
    await until(() => captured.some((m) => m.data.type === 'rematch_offered'));
    expect(captured.find((m) => m.data.type === 'rematch_offered')!.data).toMatchObject({ room_id: first.body.room.id, from_room_id: old });

    const second = await rematch(old, b);
    expect(second.status).toBe(201);
    expect(second.body.room.id).toBe(first.body.room.id);
    expect(second.body.room.seats.map((s) => s.player_id)).toEqual([a.id, b.id]);
    // Asking again changes nothing: the same room, the same seat.
    const again = await rematch(old, a);
    expect(again.body).toMatchObject({ position: 0, room: { id: first.body.room.id } });
    const finished = await request<{ rematch_room_id: number | null }>(`${server.url}/api/v1/rooms/${old}`, { token: a.token });
    expect(finished.body.rematch_room_id).toBe(first.body.room.id);

    // The password carried over: both are seated, so both may press ready and play again.
    for (const p of [a, b])
      expect((await request(`${server.url}/api/v1/rooms/${first.body.room.id}/ready`, { token: p.token, method: 'POST' })).status).toBe(
        200,
      );
    const room = await request<{ status: string }>(`${server.url}/api/v1/rooms/${first.body.room.id}`, { token: a.token });
    expect(room.body.status).toBe('in_progress');
  });

  it('two players asking at the same moment land in one room', async () => {
    const [a, b] = [await newPlayer(server.url), await newPlayer(server.url)];
    const old = await finishedGame([a, b]);
    const answers = await Promise.all([rematch(old, a), rematch(old, b)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers[0]!.body.room.id).toBe(answers[1]!.body.room.id);
    const room = await request<{ seats: { player_id: number }[] }>(`${server.url}/api/v1/rooms/${answers[0]!.body.room.id}`, {
      token: a.token,
    });
    expect(room.body.seats.map((s) => s.player_id).sort()).toEqual([a.id, b.id].sort());
    const lobby = await request<{ items: { id: number; seats: { player_id: number }[] }[] }>(`${server.url}/api/v1/rooms/?limit=100`, {
      token: a.token,
    });
    expect(lobby.body.items.filter((r) => r.seats.some((s) => s.player_id === a.id))).toHaveLength(1);
  });

  it('refuses a running game, an outsider, a bad id and a room that does not exist', async () => {
    const [a, b, c] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const running = await startedRoom(server.url, [a, b]);
    const early = await rematch(running, a);
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('room/not_finished');
    await request(`${server.url}/api/v1/rooms/${running}/surrender`, { token: a.token, body: {} });
    const outsider = await rematch(running, c);
    expect(outsider.status).toBe(403);
    expect(outsider.body.error?.code).toBe('room/not_a_player');
    expect((await rematch('abc', a)).status).toBe(400);
    expect((await rematch(99_999_999, a)).status).toBe(404);
  });
});

import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { request } from '../test-support/http.js';
import { createClock, createRoom, newPlayer, seatAndReady, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';

let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer();
});
afterAll(async () => server?.close());

type ErrorReply = { error: { code: string } };
const roomUrl = (id: number, what: string) => `${server.url}/api/v1/rooms/${id}/${what}`;
const watch = (id: number, player: TestPlayer, password?: string) =>
  request<ErrorReply & { seats: Record<string, unknown> }>(roomUrl(id, 'watch'), {
    token: player.token,
    ...(password === undefined ? {} : { headers: { 'x-room-password': password } }),
  });

const clients: Centrifuge[] = [];
afterAll(() => clients.forEach((client) => client.disconnect()));

/** Subscribes to the room channel with the real client; resolves with 'subscribed' or the unsubscribe code. */
async function subscribeRoom(player: TestPlayer, roomId: number, data?: object): Promise<'subscribed' | number> {
  const client = new Centrifuge(server.wsUrl, { websocket: WebSocket, token: player.token, minReconnectDelay: 50, maxReconnectDelay: 300 });
  clients.push(client);
  const sub = client.newSubscription(`room:${roomId}`, data === undefined ? {} : { data });
  const outcome = new Promise<'subscribed' | number>((resolve) => {
    sub.once('subscribed', () => resolve('subscribed'));
    sub.once('unsubscribed', (ctx) => resolve(ctx.code));
  });
  sub.subscribe();
  client.connect();
  return outcome;
}

describe('watching a private room', () => {
  it('is open to its seated players, and to others only with the password', async () => {
    const [host, guest, stranger] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host, { password: 'hunter22' });
    expect((await request(roomUrl(id, 'seat'), { token: guest.token, body: { password: 'hunter22' } })).status).toBe(200);

    expect((await watch(id, host)).status).toBe(200);
    expect((await watch(id, guest)).status).toBe(200);

    const without = await watch(id, stranger);
    expect(without.status).toBe(403);
    expect(without.body.error.code).toBe('room/password_required');
    const wrong = await watch(id, stranger, 'guess');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('room/wrong_password');
    const right = await watch(id, stranger, 'hunter22');
    expect(right.status).toBe(200);
    expect(Object.keys(right.body.seats).sort()).toEqual([String(host.id), String(guest.id)].sort());
  });

  it('keeps the spectator view and the record of a running private game from strangers too', async () => {
    const [host, guest, stranger] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host, { password: 'hunter22' });
    await request(roomUrl(id, 'seat'), { token: guest.token, body: { password: 'hunter22' } });
    for (const p of [host, guest]) {
      const ready = await request(roomUrl(id, 'ready'), { token: p.token, method: 'POST' });
      expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    }

    const view = await request<ErrorReply>(roomUrl(id, 'view'), { token: stranger.token });
    expect([view.status, view.body.error.code]).toEqual([403, 'room/password_required']);
    const seen = await request(roomUrl(id, 'view'), { token: stranger.token, headers: { 'x-room-password': 'hunter22' } });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect((await request(roomUrl(id, 'view'), { token: guest.token })).status).toBe(200);
    const record = await request<ErrorReply>(roomUrl(id, 'record'), { token: stranger.token });
    expect([record.status, record.body.error.code]).toEqual([403, 'room/password_required']);
  });

  it('a public room stays open to anyone signed in, with or without a password header', async () => {
    const [host, stranger] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host);
    expect((await watch(id, stranger)).status).toBe(200);
    expect((await watch(id, stranger, 'anything')).status).toBe(200);
    expect((await request(roomUrl(id, 'watch'), {})).status).toBe(401);
  });

  it('an unknown room is 404 before any password question', async () => {
    const stranger = await newPlayer(server.url);
    const answer = await watch(987_654, stranger);
    expect([answer.status, answer.body.error.code]).toEqual([404, 'room/not_found']);
  });
});

describe('the room channel of a private room', () => {
  it('refuses a stranger (103), admits a seated player and a stranger who sends the password', async () => {
    const [host, stranger, friend] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host, { password: 'hunter22' });
    expect(await subscribeRoom(stranger, id)).toBe(103);
    expect(await subscribeRoom(stranger, id, { password: 'wrong' })).toBe(103);
    expect(await subscribeRoom(host, id)).toBe('subscribed');
    expect(await subscribeRoom(friend, id, { password: 'hunter22' })).toBe('subscribed');
  });

  it('a public room is open to anyone signed in; a room that does not exist cannot be subscribed ahead', async () => {
    const [host, stranger] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host);
    expect(await subscribeRoom(stranger, id)).toBe('subscribed');
    expect(await subscribeRoom(stranger, 987_655)).toBe(103);
  });

  it('publishes the table to a password spectator like to anyone else', async () => {
    const [host, guest, friend] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host, { password: 'hunter22' });
    const client = new Centrifuge(server.wsUrl, {
      websocket: WebSocket,
      token: friend.token,
      minReconnectDelay: 50,
      maxReconnectDelay: 300,
    });
    clients.push(client);
    const sub = client.newSubscription(`room:${id}`, { data: { password: 'hunter22' } });
    const roomChanged = new Promise<void>((resolve) =>
      sub.on('publication', (ctx) => (ctx.data as { type?: unknown }).type === 'room_changed' && resolve()),
    );
    const subscribed = new Promise((resolve) => sub.once('subscribed', resolve));
    sub.subscribe();
    client.connect();
    await subscribed;
    await request(roomUrl(id, 'seat'), { token: guest.token, body: { password: 'hunter22' } });
    await seatAndReady(server.url, id, [host]);
    await roomChanged; // the test's timeout is the bound: a spectator who is never told fails it
  });
});

describe('guessing a private room password', () => {
  it('five wrong tries within a minute close the room to that user for the rest of the minute, whatever the call', async () => {
    const clock = createClock();
    const node = await startRoomsServer({ clock });
    try {
      const [host, guesser, other] = [await newPlayer(node.url), await newPlayer(node.url), await newPlayer(node.url)];
      const id = await createRoom(node.url, host, { password: 'hunter22', player_count: 3 });
      const peek = (player: TestPlayer, password: string) =>
        request<ErrorReply>(`${node.url}/api/v1/rooms/${id}/watch`, { token: player.token, headers: { 'x-room-password': password } });
      for (const guess of ['a', 'b', 'c', 'd', 'e']) expect((await peek(guesser, guess)).body.error.code).toBe('room/wrong_password');
      // Now even the right password is refused, on every call that checks it.
      const blocked = await peek(guesser, 'hunter22');
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('request/rate_limited');
      const seat = await request<ErrorReply>(`${node.url}/api/v1/rooms/${id}/seat`, {
        token: guesser.token,
        body: { password: 'hunter22' },
      });
      expect(seat.status).toBe(429);
      // Someone else is not affected.
      expect((await peek(other, 'hunter22')).status).toBe(200);
      clock.advance(61_000);
      expect((await peek(guesser, 'hunter22')).status).toBe(200);
    } finally {
      await node.close();
    }
  });
});

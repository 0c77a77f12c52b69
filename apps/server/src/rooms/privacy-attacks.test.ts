// FEATURES.md §17, found by attacking: a private room's players listed to anyone, spectators'
// ids in a room's presence, invitations that outlived their sender or were passed on, and 50
// friend requests piled on one player.
import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PENDING_ASKS_PER_RECIPIENT } from '../friends/friends-service.js';
import { request } from '../test-support/http.js';
import { createRoom, listen, newPlayer, type Captured, type TestPlayer } from './test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';

type Room = { id: number; seats: { user_id: number }[]; seats_taken: number; host: unknown; error?: { code: string } };

let server: RoomsServer;
let adminToken: string;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer();
  const admin = await newPlayer(server.url, 'adm');
  adminToken = await server.services.tokens.signAccessToken(admin.id, ['player', 'admin']);
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
});

const url = (path: string) => `${server.url}${path}`;
const getRoom = (id: number, token: string) => request<Room>(url(`/api/v1/rooms/${id}`), { token });
const seat = (p: TestPlayer, id: number, body: object = {}) =>
  request<{ error?: { code: string } }>(url(`/api/v1/rooms/${id}/seat`), { token: p.token, body });
async function befriend(a: TestPlayer, b: TestPlayer): Promise<void> {
  await request(url(`/api/user/friends/${b.id}`), { token: a.token, method: 'POST' });
  expect((await request(url(`/api/user/friends/${a.id}/accept`), { token: b.token, method: 'POST' })).status).toBe(200);
}
const invite = (from: TestPlayer, id: number, to: TestPlayer) =>
  request<{ error?: { code: string } }>(url(`/api/v1/rooms/${id}/invite`), { token: from.token, body: { user_id: to.id } });

describe("a private room's players are for its players, invited friends and admins", () => {
  it('a stranger sees the seat count, not the names, in GET rooms/{id}, the lobby list and the lobby channel', async () => {
    const [host, guest, stranger] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host, { password: 'hunter22', player_count: 3 });
    const lobby: Captured[] = [];
    clients.push(await listen(server.wsUrl, stranger, ['lobby'], lobby));
    expect((await seat(guest, id, { password: 'hunter22' })).status).toBe(200);

    const seen = (await getRoom(id, stranger.token)).body;
    expect([seen.seats_taken, seen.seats, seen.host]).toEqual([2, [], null]);
    const listed = (await request<{ items: Room[] }>(url('/api/v1/rooms?limit=100'), { token: stranger.token })).body.items;
    expect(listed.find((r) => r.id === id)).toMatchObject({ seats_taken: 2, seats: [], host: null });
    await expect.poll(() => lobby.some((m) => m.data.type === 'room_changed')).toBe(true);
    for (const m of lobby) expect(JSON.stringify(m.data)).not.toContain(guest.username);

    expect((await getRoom(id, guest.token)).body.seats.map((s) => s.user_id).sort()).toEqual([host.id, guest.id].sort());
    expect((await getRoom(id, adminToken)).body.seats).toHaveLength(2);
  });

  it("a room channel's presence lists its players, never a spectator's id", async () => {
    const [host, guest, watcher] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, host, { player_count: 3 });
    expect((await seat(guest, id)).status).toBe(200);
    const subscribed = async (p: TestPlayer) => {
      const client = new Centrifuge(server.wsUrl, { websocket: WebSocket, token: p.token });
      clients.push(client);
      const sub = client.newSubscription(`room:${id}`);
      const ready = new Promise((resolve) => sub.once('subscribed', resolve));
      sub.subscribe();
      client.connect();
      await ready;
      return sub;
    };
    const hostSub = await subscribed(host);
    await subscribed(guest);
    const watcherSub = await subscribed(watcher);
    for (const sub of [hostSub, watcherSub]) {
      const users = Object.values((await sub.presence()).clients).map((c) => Number(c.user));
      expect(users.sort()).toEqual([host.id, guest.id].sort());
    }
  });
});

describe('an invitation opens a private room only while it stands', () => {
  it('lapses when the friendship ends, and when the inviter leaves the room', async () => {
    const [host, friend, other, guest] = [
      await newPlayer(server.url),
      await newPlayer(server.url),
      await newPlayer(server.url),
      await newPlayer(server.url),
    ];
    await befriend(host, friend);
    await befriend(host, other);
    const id = await createRoom(server.url, host, { password: 'hunter22', player_count: 4 });
    // Someone stays when the host leaves, so the room goes on waiting.
    expect((await seat(guest, id, { password: 'hunter22' })).status).toBe(200);
    expect((await invite(host, id, friend)).status).toBe(200);
    expect((await invite(host, id, other)).status).toBe(200);

    expect((await request(url(`/api/user/friends/${friend.id}`), { token: host.token, method: 'DELETE' })).status).toBe(204);
    expect((await seat(friend, id)).body.error?.code).toBe('room/wrong_password');
    expect((await getRoom(id, friend.token)).body.seats).toEqual([]);

    expect((await request(url(`/api/v1/rooms/${id}/leave`), { token: host.token, method: 'POST' })).status).toBe(200);
    expect((await seat(other, id)).body.error?.code).toBe('room/wrong_password');
  });

  it("only the creator's invitation opens it: an invited player cannot pass the room on", async () => {
    const [host, friend, friendsFriend] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    await befriend(host, friend);
    await befriend(friend, friendsFriend);
    const id = await createRoom(server.url, host, { password: 'hunter22', player_count: 3 });
    expect((await invite(host, id, friend)).status).toBe(200);
    expect((await seat(friend, id)).status).toBe(200);
    expect((await invite(friend, id, friendsFriend)).status).toBe(200);
    expect((await seat(friendsFriend, id)).body.error?.code).toBe('room/wrong_password');
    const watched = await request<{ error?: { code: string } }>(url(`/api/v1/rooms/${id}/watch`), { token: friendsFriend.token });
    expect(watched.body.error?.code).toBe('room/password_required');
  });
});

describe('friend requests waiting for one player', () => {
  it(`at most ${PENDING_ASKS_PER_RECIPIENT}: the next sender gets 429 friend/too_many_requests`, async () => {
    const victim = await newPlayer(server.url, 'victim');
    const senders = await Promise.all(Array.from({ length: PENDING_ASKS_PER_RECIPIENT + 1 }, () => newPlayer(server.url, 'ask')));
    const asked = await Promise.all(
      senders.map((s) => request<{ error?: { code: string } }>(url(`/api/user/friends/${victim.id}`), { token: s.token, method: 'POST' })),
    );
    const statuses = asked.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PENDING_ASKS_PER_RECIPIENT);
    expect(asked.filter((a) => a.status === 429).map((a) => a.body.error?.code)).toEqual(['friend/too_many_requests']);
    const waiting = await request<{ items: unknown[] }>(url('/api/user/friends/requests?limit=100'), { token: victim.token });
    expect(waiting.body.items).toHaveLength(PENDING_ASKS_PER_RECIPIENT);
  });
});

import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../realtime/test-support.js';
import { createClock, createRoom, listen, newPlayer, type Captured, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { ASK_WINDOW_MS, ASKS_PER_WINDOW } from './friends-service.js';

type ErrorReply = { error: { code: string; details?: { field?: string } } };
interface FriendLine {
  user_id: number;
  username: string;
  is_online: boolean;
  room_id?: number;
}

const clock = createClock();
let server: RoomsServer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer({ clock });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.close();
});

const call = (p: TestPlayer, path: string, method = 'POST', body?: unknown) =>
  request<ErrorReply & Record<string, unknown>>(`${server.url}${path}`, {
    token: p.token,
    method,
    ...(body === undefined ? {} : { body }),
  });
const friendsOf = async (p: TestPlayer) =>
  (await request<{ items: FriendLine[] }>(`${server.url}/api/user/friends`, { token: p.token })).body.items;
const requestsOf = async (p: TestPlayer) =>
  (await request<{ items: { user_id: number }[] }>(`${server.url}/api/user/friends/requests`, { token: p.token })).body.items;
const listening = async (p: TestPlayer) => {
  const heard: Captured[] = [];
  clients.push(await listen(server.wsUrl, p, [`#${p.id}`], heard));
  return heard;
};

describe('friends', () => {
  it('an ask reaches the other side at once; accepting makes both friends, and the asker hears of it', async () => {
    const [ann, bob] = [await newPlayer(server.url, 'ann'), await newPlayer(server.url, 'bob')];
    const annHeard = await listening(ann);
    const bobHeard = await listening(bob);

    const asked = await call(ann, `/api/user/friends/${bob.id}`);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ user_id: bob.id, status: 'requested' });
    await until(() => bobHeard.some((m) => m.data.type === 'friend_request'));
    expect(bobHeard.find((m) => m.data.type === 'friend_request')?.data).toEqual({
      type: 'friend_request',
      from: { user_id: ann.id, username: ann.username, avatar: null },
    });
    expect((await requestsOf(bob)).map((r) => r.user_id)).toEqual([ann.id]);
    expect(await friendsOf(ann)).toEqual([]);

    const accepted = await call(bob, `/api/user/friends/${ann.id}/accept`);
    expect(accepted.body).toEqual({ user_id: ann.id, status: 'friends' });
    await until(() => annHeard.some((m) => m.data.type === 'friend_accepted'));
    expect(await requestsOf(bob)).toEqual([]);
    // Both are connected: both show online to each other.
    expect(await friendsOf(ann)).toEqual([{ user_id: bob.id, username: bob.username, avatar: null, country: null, is_online: true }]);
    expect((await friendsOf(bob)).map((f) => [f.user_id, f.is_online])).toEqual([[ann.id, true]]);
  });

  it('shows a friend without a connection as offline', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    await call(ann, `/api/user/friends/${bob.id}`);
    await call(bob, `/api/user/friends/${ann.id}/accept`);
    expect((await friendsOf(bob))[0]?.is_online).toBe(false);
  });

  it('asking someone who already asked you makes you friends without a second ask', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    await call(ann, `/api/user/friends/${bob.id}`);
    const back = await call(bob, `/api/user/friends/${ann.id}`);
    expect(back.body).toEqual({ user_id: ann.id, status: 'friends' });
    expect((await friendsOf(ann)).map((f) => f.user_id)).toEqual([bob.id]);
  });

  it('two people asking each other at the same moment end up friends, not with two crossed asks', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    await Promise.all([call(ann, `/api/user/friends/${bob.id}`), call(bob, `/api/user/friends/${ann.id}`)]);
    expect((await friendsOf(ann)).map((f) => f.user_id)).toEqual([bob.id]);
    expect(await requestsOf(ann)).toEqual([]);
  });

  it('a declined ask is gone and cannot be accepted afterwards', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    await call(ann, `/api/user/friends/${bob.id}`);
    expect((await call(bob, `/api/user/friends/${ann.id}/decline`)).status).toBe(204);
    expect(await requestsOf(bob)).toEqual([]);
    const late = await call(bob, `/api/user/friends/${ann.id}/accept`);
    expect([late.status, late.body.error.code]).toEqual([404, 'friend/no_request']);
  });

  it('removing a friend removes the friendship on both sides', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    await call(ann, `/api/user/friends/${bob.id}`);
    await call(bob, `/api/user/friends/${ann.id}/accept`);
    expect((await call(bob, `/api/user/friends/${ann.id}`, 'DELETE')).status).toBe(204);
    expect(await friendsOf(ann)).toEqual([]);
    expect(await friendsOf(bob)).toEqual([]);
    const again = await call(bob, `/api/user/friends/${ann.id}`, 'DELETE');
    expect([again.status, again.body.error.code]).toEqual([404, 'friend/not_friends']);
  });

  it.each([
    ['yourself', (me: TestPlayer) => `/api/user/friends/${me.id}`, 'POST', 400, 'friend/self'],
    ['an unknown user', () => '/api/user/friends/99999999', 'POST', 404, 'user/not_found'],
    [
      'accepting an ask nobody made',
      (_me: TestPlayer, other: TestPlayer) => `/api/user/friends/${other.id}/accept`,
      'POST',
      404,
      'friend/no_request',
    ],
    [
      'declining an ask nobody made',
      (_me: TestPlayer, other: TestPlayer) => `/api/user/friends/${other.id}/decline`,
      'POST',
      404,
      'friend/no_request',
    ],
  ] as const)('refuses %s with a stable code', async (_name, path, method, status, code) => {
    const [me, other] = [await newPlayer(server.url), await newPlayer(server.url)];
    const answer = await call(me, path(me, other), method);
    expect([answer.status, answer.body.error.code]).toEqual([status, code]);
  });

  it('refuses to ask a friend again', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    await call(ann, `/api/user/friends/${bob.id}`);
    await call(bob, `/api/user/friends/${ann.id}/accept`);
    const again = await call(ann, `/api/user/friends/${bob.id}`);
    expect([again.status, again.body.error.code]).toEqual([409, 'friend/already_friends']);
  });

  it('refuses a flood of asks from one player for a while, then lets them ask again', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    for (let i = 0; i < ASKS_PER_WINDOW; i++) expect((await call(ann, `/api/user/friends/${bob.id}`)).status).toBe(200);
    const flooded = await call(ann, `/api/user/friends/${bob.id}`);
    expect([flooded.status, flooded.body.error.code]).toEqual([429, 'request/rate_limited']);
    // Another player is not held back by ann's flood.
    expect((await call(bob, `/api/user/friends/${ann.id}`)).status).toBe(200);
    clock.advance(ASK_WINDOW_MS);
    const carol = await newPlayer(server.url);
    expect((await call(ann, `/api/user/friends/${carol.id}`)).status).toBe(200);
  });

  it.each([
    ['a friend id that is not a number', 'POST', '/api/user/friends/abc', undefined, 'id'],
    ['a friend id of zero', 'POST', '/api/user/friends/0/accept', undefined, 'id'],
    ['a negative friend id', 'DELETE', '/api/user/friends/-4', undefined, 'id'],
    ['a friend id past any user', 'POST', '/api/user/friends/99999999999999999999/decline', undefined, 'id'],
    ['a page of zero', 'GET', '/api/user/friends?page=0', undefined, 'page'],
    ['a limit past 100', 'GET', '/api/user/friends/requests?limit=1000', undefined, 'limit'],
    ['an invite without user_id', 'POST', '/api/v1/rooms/1/invite', {}, 'user_id'],
    ['an invite with a text user_id', 'POST', '/api/v1/rooms/1/invite', { user_id: 'bob' }, 'user_id'],
    ['an invite to room abc', 'POST', '/api/v1/rooms/abc/invite', { user_id: 1 }, 'id'],
  ] as const)('answers %s with 400 naming the field', async (_name, method, path, body, field) => {
    const me = await newPlayer(server.url);
    const answer = await call(me, path, method, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('request/invalid');
    expect(answer.body.error.details?.field).toBe(field);
  });
});

describe('invite to my table', () => {
  async function friends(a: TestPlayer, b: TestPlayer) {
    await call(a, `/api/user/friends/${b.id}`);
    await call(b, `/api/user/friends/${a.id}/accept`);
  }

  it('a friend invited to a private table hears of it, sees the table in the list and sits without the password', async () => {
    const [host, friend] = [await newPlayer(server.url), await newPlayer(server.url)];
    await friends(host, friend);
    const roomId = await createRoom(server.url, host, { password: 'secret-1' });
    // Private, not yet invited: the friend could not enter, so no room is offered.
    expect((await friendsOf(friend))[0]?.room_id).toBeUndefined();
    const heard = await listening(friend);

    const invited = await call(host, `/api/v1/rooms/${roomId}/invite`, 'POST', { user_id: friend.id });
    expect(invited.status).toBe(200);
    await until(() => heard.some((m) => m.data.type === 'room_invite'));
    expect(heard.find((m) => m.data.type === 'room_invite')?.data).toEqual({
      type: 'room_invite',
      room_id: roomId,
      from: { user_id: host.id, username: host.username, avatar: null },
    });
    expect((await friendsOf(friend))[0]?.room_id).toBe(roomId);

    const watched = await request(`${server.url}/api/v1/rooms/${roomId}/watch`, { token: friend.token });
    expect(watched.status).toBe(200);
    const seated = await call(friend, `/api/v1/rooms/${roomId}/seat`, 'POST', {});
    expect(seated.status).toBe(200);
  });

  it('someone not invited still needs the password of a private table', async () => {
    const [host, stranger] = [await newPlayer(server.url), await newPlayer(server.url)];
    const roomId = await createRoom(server.url, host, { password: 'secret-1' });
    const seated = await call(stranger, `/api/v1/rooms/${roomId}/seat`, 'POST', {});
    expect([seated.status, seated.body.error.code]).toEqual([403, 'room/wrong_password']);
  });

  it('a public table of a friend is offered in the friends list without any invitation', async () => {
    const [host, friend] = [await newPlayer(server.url), await newPlayer(server.url)];
    await friends(host, friend);
    const roomId = await createRoom(server.url, host);
    expect((await friendsOf(friend))[0]?.room_id).toBe(roomId);
  });

  it.each([
    ['someone who is not a friend', 'stranger', 'seated', 403, 'room/not_a_friend'],
    ['a friend by a player not seated at that table', 'friend', 'elsewhere', 409, 'room/not_seated'],
  ] as const)('refuses to invite %s', async (_name, whom, where, status, code) => {
    const [host, friend, stranger, other] = [
      await newPlayer(server.url),
      await newPlayer(server.url),
      await newPlayer(server.url),
      await newPlayer(server.url),
    ];
    await friends(host, friend);
    const roomId = await createRoom(server.url, where === 'seated' ? host : other);
    const answer = await call(host, `/api/v1/rooms/${roomId}/invite`, 'POST', { user_id: whom === 'friend' ? friend.id : stranger.id });
    expect([answer.status, answer.body.error.code]).toEqual([status, code]);
  });

  it('refuses an invitation to a room that does not exist', async () => {
    const host = await newPlayer(server.url);
    const friend = await newPlayer(server.url);
    await friends(host, friend);
    const answer = await call(host, '/api/v1/rooms/99999999/invite', 'POST', { user_id: friend.id });
    expect([answer.status, answer.body.error.code]).toEqual([404, 'room/not_found']);
  });
});

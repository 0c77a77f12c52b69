// Limits across nodes: with Redis, two nodes of one installation (same REDIS_PREFIX) share a
// counter; alone, each would grant the allowance again.
import { afterAll, describe, expect, it } from 'vitest';
import { emojiCatalogue } from '../catalogue/catalogue.js';
import { defaultRoomsConfig } from '../room-core/rooms-config.js';
import { createRoom, newPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { redisUrl, uniquePrefix } from '../realtime/test-redis.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { createTestStore } from '../test-support/store.js';

const url = redisUrl();
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

type ErrorReply = { error: { code: string } };

/** Two nodes on one database and one Redis prefix, as an installation runs them. */
async function twoRoomNodes(rooms: Partial<typeof defaultRoomsConfig> = {}): Promise<[RoomsServer, RoomsServer]> {
  const store = await createTestStore();
  stops.push(() => store.close());
  const prefix = uniquePrefix();
  const a = await startRoomsServer({ store, rooms: { ...rooms, redisPrefix: prefix } });
  stops.push(() => a.close());
  // The same JWT secret: a player's token is good on either node.
  const b = await startRoomsServer({ store, rooms: { ...rooms, redisPrefix: prefix }, config: { jwtSecret: a.config.jwtSecret } });
  stops.push(() => b.close());
  return [a, b];
}

describe.runIf(url !== undefined)('limits on several nodes sharing Redis', () => {
  it('the 4th login attempt from one address is refused whichever node it reaches', async () => {
    const rooms = { ...defaultRoomsConfig, sweepIntervalMs: 0, redisPrefix: uniquePrefix() };
    const [a, b] = [
      await startTestServer({ authRateLimit: 3, redisUrl: url, rooms }),
      await startTestServer({ authRateLimit: 3, redisUrl: url, rooms }),
    ];
    stops.push(
      () => a.close(),
      () => b.close(),
    );
    const attempt = (server: TestServer) =>
      request<ErrorReply>(`${server.url}/api/user/login`, { body: { username: 'x_user', password: 'wrong-pass' } });
    const statuses = [(await attempt(a)).status, (await attempt(b)).status, (await attempt(a)).status, (await attempt(b)).status];
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt(a)).body.error.code).toBe('request/rate_limited');
  });

  it('wrong room passwords tried on two nodes count together: the sixth try is refused', async () => {
    const [a, b] = await twoRoomNodes();
    const [host, guesser] = [await newPlayer(a.url), await newPlayer(a.url)];
    const id = await createRoom(a.url, host, { password: 'hunter22' });
    const peek = (node: RoomsServer, password: string) =>
      request<ErrorReply>(`${node.url}/api/v1/rooms/${id}/watch`, { token: guesser.token, headers: { 'x-room-password': password } });
    const codes = [];
    for (const [node, guess] of [
      [a, 'a'],
      [b, 'b'],
      [a, 'c'],
      [b, 'd'],
      [a, 'e'],
    ] as const)
      codes.push((await peek(node, guess)).body.error.code);
    expect(codes).toEqual(Array(5).fill('room/wrong_password'));
    const blocked = await peek(b, 'hunter22');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('request/rate_limited');
  });

  it('emoji sent through two nodes count together against the per-room limit', async () => {
    const [a, b] = await twoRoomNodes({ emojiPer10s: 3 });
    const [sender, target] = [await newPlayer(a.url), await newPlayer(a.url)];
    const id = await createRoom(a.url, sender, { player_count: 2 });
    expect((await request(`${a.url}/api/v1/rooms/${id}/seat`, { token: target.token, body: {} })).status).toBe(200);
    const throwable = emojiCatalogue.find((e) => e.isThrowable)!;
    const send = (node: RoomsServer) =>
      request<ErrorReply>(`${node.url}/api/v1/send-emoji/${id}/`, {
        token: sender.token,
        body: { recipient: { player_id: target.id, username: target.username }, emoji: throwable.id },
      });
    const statuses = [(await send(a)).status, (await send(b)).status, (await send(a)).status];
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await send(b);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('request/rate_limited');
  });
});

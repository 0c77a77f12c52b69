import { randomBytes } from 'node:crypto';
import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisUrl } from '../realtime/test-redis.js';
import { until } from '../realtime/test-support.js';
import { createClock, listen, newPlayer, type Captured } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

const url = redisUrl();

/** Two nodes sharing one database and one Redis, as behind one address. */
describe.skipIf(url === undefined)('presence and friends over two nodes (Redis)', () => {
  const clock = createClock();
  let first: RoomsServer;
  let second: RoomsServer;
  const clients: Centrifuge[] = [];
  beforeAll(async () => {
    const redisPrefix = `durak-test-${randomBytes(4).toString('hex')}`;
    first = await startRoomsServer({ clock, config: { redisUrl: url }, rooms: { redisPrefix } });
    second = await startRoomsServer({
      clock,
      store: first.store,
      config: { redisUrl: url, jwtSecret: first.config.jwtSecret },
      rooms: { redisPrefix },
    });
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await second?.close();
    await first?.close();
  });

  const onlineAt = async (node: RoomsServer, token: string) => {
    clock.advance(10_000); // past each node's reuse of its last summary
    return (await request<{ online: number }>(`${node.url}/api/v1/presence/summary`, { token })).body.online;
  };

  it('counts people connected to either node on both nodes, and drops one who leaves', async () => {
    const [a, b] = [await newPlayer(first.url), await newPlayer(first.url)];
    const base = await onlineAt(first, a.token);
    const onFirst = await listen(first.wsUrl, a, [`#${a.id}`], []);
    clients.push(await listen(second.wsUrl, b, [`#${b.id}`], []));
    expect(await onlineAt(first, a.token)).toBe(base + 2);
    expect(await onlineAt(second, a.token)).toBe(base + 2);
    onFirst.disconnect();
    await until(async () => (await onlineAt(second, a.token)) === base + 1);
  });

  it('delivers a friend request made on one node to a friend connected to the other, who sees the asker online', async () => {
    const [a, b] = [await newPlayer(first.url), await newPlayer(first.url)];
    const heard: Captured[] = [];
    clients.push(await listen(first.wsUrl, a, [`#${a.id}`], []));
    clients.push(await listen(second.wsUrl, b, [`#${b.id}`], heard));
    await request(`${first.url}/api/user/friends/${b.id}`, { token: a.token, method: 'POST' });
    await until(() => heard.some((m) => m.data.type === 'friend_request'));
    await request(`${second.url}/api/user/friends/${a.id}/accept`, { token: b.token, method: 'POST' });
    const friends = await request<{ items: { user_id: number; is_online: boolean }[] }>(`${second.url}/api/user/friends`, {
      token: b.token,
    });
    expect(friends.body.items).toMatchObject([{ user_id: a.id, is_online: true }]);
  });
});

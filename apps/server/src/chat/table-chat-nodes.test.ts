// Table chat on two nodes of one installation (one database, one Redis prefix): a message sent
// through one node reaches the players listening on the other, and the 5-per-10-s limit is one
// count whichever node each message goes through.
import type { Centrifuge } from 'centrifuge';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUrl, uniquePrefix } from '../realtime/test-redis.js';
import { until } from '../realtime/test-support.js';
import { createRoom, listen, newPlayer, type Captured, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { createTestStore } from '../test-support/store.js';

const url = redisUrl();
const stops: (() => Promise<void>)[] = [];
const clients: Centrifuge[] = [];
afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const stop of stops.reverse()) await stop();
});

describe.runIf(url !== undefined)('table chat across nodes sharing Redis', () => {
  it('delivers across nodes and limits one user across nodes', async () => {
    const store = await createTestStore();
    stops.push(() => store.close());
    const prefix = uniquePrefix();
    const a: RoomsServer = await startRoomsServer({ store, rooms: { redisPrefix: prefix } });
    stops.push(() => a.close());
    const b: RoomsServer = await startRoomsServer({ store, rooms: { redisPrefix: prefix }, config: { jwtSecret: a.config.jwtSecret } });
    stops.push(() => b.close());

    const ann = await newPlayer(a.url);
    const bob: TestPlayer = { ...(await newPlayer(a.url)), url: b.url };
    const watcher = await newPlayer(a.url);
    const id = await createRoom(a.url, ann, { player_count: 2 });
    expect((await request(`${b.url}/api/v1/rooms/${id}/seat`, { token: bob.token, body: {} })).status).toBe(200);
    const captured: Captured[] = [];
    clients.push(await listen(b.wsUrl, bob, [`room:${id}`], captured), await listen(b.wsUrl, watcher, [`room:${id}`], captured));

    const statuses: number[] = [];
    for (const node of [a, b, a, b, a, b]) {
      statuses.push((await request(`${node.url}/api/v1/rooms/${id}/chat`, { token: ann.token, body: { phrase_id: 'hello' } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const chats = (receiver: number) => captured.filter((c) => c.receiver === receiver && c.data.type === 'chat');
    await until(() => chats(bob.id).length === 5 && chats(watcher.id).length === 5);
    // Offsets and ids both rise: the five arrived once each, in the order they were sent.
    const ids = chats(bob.id).map((c) => c.data.id as number);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(5);
  });
});

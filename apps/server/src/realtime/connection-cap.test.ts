import type { Centrifuge } from 'centrifuge';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisBroker } from './redis-broker.js';
import { redisUrl, uniquePrefix } from './test-redis.js';
import { disconnectClients, newClient, signToken, startNode, until, type TestNode } from './test-support.js';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  disconnectClients();
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function node(options: Parameters<typeof startNode>[0] = {}): Promise<TestNode> {
  const started = await startNode(options);
  stops.push(started.stop);
  return started;
}

interface Connected {
  client: Centrifuge;
  closedWith: () => number | undefined;
}

/** A connected client of `userId`, with the close code it was given (if any) recorded. */
async function connected(url: string, userId: string): Promise<Connected> {
  const client = newClient(url, { token: await signToken(userId) });
  let code: number | undefined;
  client.on('disconnected', (ctx) => (code = ctx.code));
  client.connect();
  await client.ready(5000);
  return { client, closedWith: () => code };
}

describe('at most 10 realtime connections per user', () => {
  it('the 11th connection closes the oldest for good (3512); the other ten and other users stay', async () => {
    const { url } = await node();
    const other = await connected(url, 'bob');
    const mine: Connected[] = [];
    for (let i = 0; i < 11; i++) mine.push(await connected(url, 'alice'));
    await until(() => mine[0]!.closedWith() !== undefined);
    expect(mine[0]!.closedWith()).toBe(3512);
    expect(mine[0]!.client.state).toBe('disconnected');
    expect(mine.slice(1).map((c) => c.client.state)).toEqual(Array(10).fill('connected'));
    expect(other.client.state).toBe('connected');
  });

  it('a closed connection frees its place: ten again after one leaves, nothing closed', async () => {
    const { url, gateway } = await node();
    const mine: Connected[] = [];
    for (let i = 0; i < 10; i++) mine.push(await connected(url, 'carol'));
    mine[5]!.client.disconnect();
    await until(() => gateway.connectionCount() === 9);
    mine.push(await connected(url, 'carol'));
    // The newest's announcement comes back through the broker before the rpc's reply.
    await mine[10]!.client.rpc('time', {});
    expect(mine.filter((c) => c.client.state === 'connected')).toHaveLength(10);
    expect(mine[0]!.closedWith()).toBeUndefined();
  });
});

const redis = redisUrl();
describe.runIf(redis !== undefined)('across nodes sharing Redis', () => {
  it('six connections on one node and five on another: the oldest, on the first node, is closed', async () => {
    const prefix = uniquePrefix();
    const brokers = [createRedisBroker({ url: redis!, prefix }), createRedisBroker({ url: redis!, prefix })];
    stops.push(async () => void (await Promise.all(brokers.map((b) => b.close()))));
    const [a, b] = [await node({ broker: brokers[0] }), await node({ broker: brokers[1] })];
    const mine: Connected[] = [];
    for (let i = 0; i < 6; i++) mine.push(await connected(a.url, 'dave'));
    // Node A publishes each announcement before its connect reply: Redis has them in connect order.
    for (let i = 0; i < 5; i++) mine.push(await connected(b.url, 'dave'));
    await until(() => mine[0]!.closedWith() !== undefined);
    expect(mine[0]!.closedWith()).toBe(3512);
    expect(mine.slice(1).map((c) => c.client.state)).toEqual(Array(10).fill('connected'));
  });
});

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUrl, uniquePrefix } from '../realtime/test-redis.js';
import { createSharedLimits } from './index.js';
import { createMemoryRateWindows, createRedisRateWindows, type RateWindows } from './rate-windows.js';

const url = redisUrl();
const connections: Redis[] = [];
afterAll(async () => {
  for (const redis of connections) await redis.quit();
});

function clock() {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}

/** Two nodes' windows on one clock: in Redis they share the counts, in memory each has its own. */
type Backend = (now: () => number) => [RateWindows, RateWindows];

const memory: Backend = (now) => [createMemoryRateWindows(now), createMemoryRateWindows(now)];
const redis: Backend = (now) => {
  const prefix = uniquePrefix();
  return [0, 1].map(() => {
    const connection = new Redis(url!);
    connections.push(connection);
    return createRedisRateWindows({
      redis: connection,
      prefix,
      now,
      fallback: createMemoryRateWindows(now),
      onError: (error) => {
        throw error;
      },
    });
  }) as [RateWindows, RateWindows];
};

const backends: [string, Backend][] = [['memory', memory], ...(url === undefined ? [] : [['redis', redis] as [string, Backend]])];

describe.each(backends)('rate windows in %s', (name, backend) => {
  it('takes up to the limit within the window, and a place again once the oldest left it', async () => {
    const time = clock();
    const [windows] = backend(time.now);
    const taken = [];
    for (let i = 0; i < 4; i++) {
      taken.push(await windows.take('emoji:1:2', 3, 10_000));
      time.advance(1000);
    }
    expect(taken).toEqual([true, true, true, false]);
    expect(await windows.take('emoji:1:3', 3, 10_000)).toBe(true); // another key
    time.advance(6000); // the first one is 10 s old
    expect(await windows.take('emoji:1:2', 3, 10_000)).toBe(true);
    expect(await windows.take('emoji:1:2', 3, 10_000)).toBe(false); // a refusal did not count
  });

  it('counts what was added within the window', async () => {
    const time = clock();
    const [windows] = backend(time.now);
    for (let i = 0; i < 5; i++) await windows.add('room-password:1:9', 60_000);
    expect(await windows.count('room-password:1:9', 60_000)).toBe(5);
    time.advance(60_000);
    expect(await windows.count('room-password:1:9', 60_000)).toBe(0);
  });

  it(
    name === 'redis' ? 'is shared by two nodes: together they grant the allowance once' : 'is counted per node without Redis',
    async () => {
      const time = clock();
      const [a, b] = backend(time.now);
      const taken = [
        await a.take('action:5', 3, 1000),
        await b.take('action:5', 3, 1000),
        await a.take('action:5', 3, 1000),
        await b.take('action:5', 3, 1000),
      ];
      expect(taken).toEqual(name === 'redis' ? [true, true, true, false] : [true, true, true, true]);
    },
  );
});

describe('shared limits when Redis does not answer', () => {
  it('count on this node instead of refusing or lifting the limit', async () => {
    const errors: unknown[] = [];
    // Nothing listens on port 1: every call fails at once.
    const limits = createSharedLimits({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: uniquePrefix(),
      now: () => new Date(0),
      onError: (error) => errors.push(error),
    });
    try {
      const taken = [];
      for (let i = 0; i < 3; i++) taken.push(await limits.windows.take('action:1', 2, 1000));
      expect(taken).toEqual([true, true, false]);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await limits.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Events counted per key within a sliding window: the action, emoji and wrong-password limits.
 * With Redis every node of an installation counts into the same windows, so N nodes grant the
 * allowance once, not N times (DESIGN.md §3: nothing only in one node's memory); without Redis,
 * in this node's memory. Times come from the injected clock, so tests move time instead of waiting.
 */
export interface RateWindows {
  /** Counts one event under `key` unless `limit` events already fall within the last `windowMs`; true when it was counted. */
  take(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Events under `key` within the last `windowMs`. */
  count(key: string, windowMs: number): Promise<number>;
  /** Counts one event under `key`, whatever the count. */
  add(key: string, windowMs: number): Promise<void>;
}

/** Keys kept at most: a flood of keys forgets the oldest rather than growing without end. */
const maxMemoryKeys = 100_000;

export function createMemoryRateWindows(now: () => number): RateWindows {
  const events = new Map<string, number[]>();
  const recent = (key: string, windowMs: number): number[] => {
    const since = now() - windowMs;
    const kept = (events.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) events.delete(key);
    else events.set(key, kept);
    return kept;
  };
  const push = (key: string, kept: number[]): void => {
    if (!events.has(key) && events.size >= maxMemoryKeys) events.delete(events.keys().next().value!);
    events.set(key, [...kept, now()]);
  };
  return {
    async take(key, limit, windowMs) {
      const kept = recent(key, windowMs);
      if (kept.length >= limit) return false;
      push(key, kept);
      return true;
    },
    async count(key, windowMs) {
      return recent(key, windowMs).length;
    },
    async add(key, windowMs) {
      push(key, recent(key, windowMs));
    },
  };
}

// One sorted set per key, scored by time: drop what left the window, then count (and add). A
// script, so that two nodes taking the last place at once cannot both get it.
const takeScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const countScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
return redis.call('ZCARD', KEYS[1])`;

const addScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

export interface RedisRateWindowsOptions {
  readonly redis: Redis;
  /** The installation's REDIS_PREFIX: nodes sharing it share the windows. */
  readonly prefix: string;
  readonly now: () => number;
  /**
   * Counts while Redis does not answer. A limit that fails closed would refuse every action while
   * Redis is down; one that fails open would lift it. Each node counting alone again keeps a limit.
   */
  readonly fallback: RateWindows;
  readonly onError: (error: unknown) => void;
}

/** The scripts, defined on the connection once: called by SHA (EVALSHA), EVAL only after a NOSCRIPT. */
interface WindowScripts {
  durakWindowTake(key: string, ...args: (string | number)[]): Promise<unknown>;
  durakWindowCount(key: string, ...args: (string | number)[]): Promise<unknown>;
  durakWindowAdd(key: string, ...args: (string | number)[]): Promise<unknown>;
}

const definedOn = new WeakSet<Redis>();

export function createRedisRateWindows(options: RedisRateWindowsOptions): RateWindows {
  const { now, fallback } = options;
  const redis = options.redis as Redis & WindowScripts;
  if (!definedOn.has(redis)) {
    redis.defineCommand('durakWindowTake', { lua: takeScript, numberOfKeys: 1 });
    redis.defineCommand('durakWindowCount', { lua: countScript, numberOfKeys: 1 });
    redis.defineCommand('durakWindowAdd', { lua: addScript, numberOfKeys: 1 });
    definedOn.add(redis);
  }
  const keyOf = (key: string) => `${options.prefix}:limits:${key}`;
  // Two events of one millisecond are two members of the set: a random name per process (nodes
  // share the sets) and a counter, not a random draw per call.
  const self = randomBytes(6).toString('hex');
  let counter = 0;
  const member = () => `${now()}:${self}:${(counter++).toString(36)}`;
  async function run<T>(call: () => Promise<unknown>, parse: (reply: unknown) => T, otherwise: () => Promise<T>): Promise<T> {
    try {
      return parse(await call());
    } catch (error) {
      options.onError(error);
      return otherwise();
    }
  }
  return {
    take: (key, limit, windowMs) =>
      run(
        () => redis.durakWindowTake(keyOf(key), now(), windowMs, limit, member()),
        (reply) => reply === 1,
        () => fallback.take(key, limit, windowMs),
      ),
    count: (key, windowMs) =>
      run(
        () => redis.durakWindowCount(keyOf(key), now(), windowMs),
        (reply) => Number(reply),
        () => fallback.count(key, windowMs),
      ),
    add: (key, windowMs) =>
      run(
        () => redis.durakWindowAdd(keyOf(key), now(), windowMs, member()),
        () => undefined,
        () => fallback.add(key, windowMs),
      ),
  };
}

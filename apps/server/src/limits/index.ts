import { once } from 'node:events';
import { Redis } from 'ioredis';
import { countRedisCommands } from '../shared/work-counters.js';
import { createMemoryRateWindows, createRedisRateWindows, type RateWindows } from './rate-windows.js';

export { createMemoryRateWindows, type RateWindows } from './rate-windows.js';

export interface SharedLimits {
  readonly windows: RateWindows;
  /** Resolves once Redis answers, or after a second without it (the node then counts alone until it does). */
  ready(): Promise<void>;
  /** Whether Redis answers a PING now: `off` without Redis; never waits past `timeoutMs`. */
  check(timeoutMs: number): Promise<'ok' | 'off' | 'timeout' | 'failed'>;
  close(): Promise<void>;
}

/**
 * The windows of the action, emoji and room-password limits: in Redis when a URL is given (shared
 * by every node with the same prefix, as the sign-in limits are), in memory otherwise.
 */
export function createSharedLimits(options: {
  redisUrl?: string | undefined;
  prefix: string;
  now: () => Date;
  onError: (error: unknown) => void;
}): SharedLimits {
  const now = () => options.now().getTime();
  const memory = createMemoryRateWindows(now);
  if (!options.redisUrl) return { windows: memory, ready: async () => {}, check: async () => 'off', close: async () => {} };
  // While Redis is away a call fails at once (no offline queue) and this node counts alone: an
  // action must not wait for reconnects.
  const redis = countRedisCommands(
    new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, enableAutoPipelining: true }),
  );
  redis.on('error', options.onError);
  return {
    windows: createRedisRateWindows({ redis, prefix: options.prefix, now, fallback: memory, onError: options.onError }),
    async ready() {
      if (redis.status === 'ready') return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([once(redis, 'ready'), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]).catch(() => undefined);
      clearTimeout(timer);
    },
    // Without the offline queue a PING to a disconnected client fails at once rather than waiting.
    check: (timeoutMs) =>
      bounded(
        redis.ping().then(() => 'ok' as const),
        timeoutMs,
      ),
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/** `work`'s answer, `failed` if it throws, or `timeout` once `ms` have passed (the work is left to finish). */
export async function bounded<T>(work: Promise<T>, ms: number): Promise<T | 'timeout' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([work.catch(() => 'failed' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

import { once } from 'node:events';
import { Redis } from 'ioredis';
import { countRedisCommands } from '../shared/work-counters.js';
import { createMemoryRateWindows, createRedisRateWindows, type RateWindows } from './rate-windows.js';

export { createMemoryRateWindows, createRedisRateWindows, type RateWindows } from './rate-windows.js';

export interface SharedLimits {
  readonly windows: RateWindows;
  /** Resolves once Redis answers, or after a second without it (the node then counts alone until it does). */
  ready(): Promise<void>;
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
  if (!options.redisUrl) return { windows: memory, ready: async () => {}, close: async () => {} };
  // While Redis is away a call fails at once (no offline queue) and this node counts alone: an
  // action must not wait for reconnects.
  const redis = countRedisCommands(new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false }));
  redis.on('error', options.onError);
  return {
    windows: createRedisRateWindows({ redis, prefix: options.prefix, now, fallback: memory, onError: options.onError }),
    async ready() {
      if (redis.status === 'ready') return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([once(redis, 'ready'), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]).catch(() => undefined);
      clearTimeout(timer);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

import type { Broker, BrokerLimits } from './broker.js';
import type { Logger } from './connection-types.js';
import { createMemoryBroker } from './memory-broker.js';
import { createRedisBroker } from './redis-broker.js';

export type { Broker, PublishItem, PublishOptions } from './broker.js';
export { defaultCanSubscribe, defaultChannelOptions, type CanSubscribe } from './channels.js';
export type { Logger, PresenceVisibility, VerifyToken } from './connection-types.js';
export { createGateway, type Gateway } from './gateway.js';

export interface BrokerOptions {
  /** Unset: an in-memory broker, for a single node. */
  redisUrl?: string;
  /** Prefix of every Redis key and pub/sub channel. */
  redisPrefix?: string;
  historySize?: number;
  historyTtlSeconds?: number;
  presenceTtlSeconds?: number;
  logger?: Logger;
}

/** In memory when no Redis URL is given, Redis otherwise. */
export function createBroker(options: BrokerOptions = {}): Broker {
  const limits: Partial<BrokerLimits> = {};
  if (options.historySize !== undefined) limits.historySize = options.historySize;
  if (options.historyTtlSeconds !== undefined) limits.historyTtlSeconds = options.historyTtlSeconds;
  if (options.presenceTtlSeconds !== undefined) limits.presenceTtlSeconds = options.presenceTtlSeconds;
  if (options.redisUrl === undefined || options.redisUrl === '') return createMemoryBroker(limits);
  const { logger } = options;
  return createRedisBroker({
    url: options.redisUrl,
    ...limits,
    ...(options.redisPrefix === undefined ? {} : { prefix: options.redisPrefix }),
    onError: (error) => logger?.warn({ err: error }, 'realtime redis error'),
  });
}

import { describe } from 'vitest';
import { createRedisBroker } from './redis-broker.js';
import { brokerContract } from './test-broker-contract.js';
import { redisUrl, uniquePrefix } from './test-redis.js';

const url = redisUrl();

describe.runIf(url !== undefined)('Redis broker', () => {
  brokerContract((limits) => createRedisBroker({ url: url ?? '', prefix: uniquePrefix(), ...limits }));
});

import { randomBytes } from 'node:crypto';

/**
 * The Redis suites run when REDIS_URL is set. Outside CI a missing Redis skips them with a
 * loud line; under CI=true it is a failure.
 */
export function redisUrl(): string | undefined {
  const url = process.env.REDIS_URL;
  if (url === undefined || url === '') {
    if (process.env.CI === 'true') throw new Error('REDIS_URL is required under CI=true: the Redis broker and multi-node tests must run');
    console.warn('\n*** REDIS_URL is not set: the Redis broker and multi-node realtime tests are NOT running ***\n');
  }
  return url === '' ? undefined : url;
}

/** A key prefix of its own for each run, so parallel runs sharing one Redis never collide. */
export function uniquePrefix(): string {
  return `durak-test:${randomBytes(4).toString('hex')}`;
}

// Sign-in limits across nodes: with Redis, two nodes of one installation (same REDIS_PREFIX)
// share an address's allowance; alone, each would grant it again.
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRoomsConfig } from '../tables/rooms-config.js';
import { redisUrl, uniquePrefix } from '../realtime/test-redis.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

const url = redisUrl();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

describe.runIf(url !== undefined)('sign-in limits on several nodes sharing Redis', () => {
  it('the 4th login attempt from one address is refused whichever node it reaches', async () => {
    const rooms = { ...defaultRoomsConfig, sweepIntervalMs: 0, redisPrefix: uniquePrefix() };
    const [a, b] = [await startTestServer({ authRateLimit: 3, redisUrl: url, rooms }), await startTestServer({ authRateLimit: 3, redisUrl: url, rooms })];
    servers.push(a, b);
    const attempt = (server: TestServer) => request<{ error: { code: string } }>(`${server.url}/api/user/login`, { body: { username: 'x_user', password: 'wrong-pass' } });
    const statuses = [(await attempt(a)).status, (await attempt(b)).status, (await attempt(a)).status, (await attempt(b)).status];
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt(a)).body.error.code).toBe('request/rate_limited');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeUser, type TestUser } from '../admin/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

type ErrorReply = { error: { code: string; details?: Record<string, unknown> } };

let server: TestServer;
let player: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  player = await placeUser(server, {});
});
afterAll(async () => {
  await server.close();
});

/** A body no admin form accepts: were it validated first, the answer would describe the form. */
const bogus = { name: 5, amount: 'lots', ids: 'x', wallet_type: 'GOLD', nested: { deep: [1, 2, 3] } };

describe('permission before body', () => {
  it('every admin call of the route table is behind the one guard', () => {
    const doc = server.app.swagger() as { paths?: Record<string, Record<string, { tags?: string[] }>> };
    const adminCalls = Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => path.startsWith('/api/admin/') || op.tags?.includes('admin'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const guarded = server.app.guardedRoutes.map((r) => `${r.method} ${r.url}`);
    expect(adminCalls.length).toBeGreaterThan(10);
    expect(guarded).toEqual(expect.arrayContaining(adminCalls));
  });

  it('a player gets 403 from every guarded call, whatever the body, and the tournament form is not described', async () => {
    const seen: string[] = [];
    for (const route of server.app.guardedRoutes) {
      const path = route.url.replace(/:\w+/g, '1');
      const hasBody = route.method !== 'GET';
      const res = await request<ErrorReply>(`${server.url}${path}`, {
        method: route.method,
        token: player.token,
        ...(hasBody ? { body: bogus } : {}),
      });
      seen.push(`${route.method} ${route.url} ${res.status} ${res.body.error?.code}`);
    }
    const refused = seen.filter((line) => line.endsWith(' 403 auth/forbidden'));
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((line) => !refused.includes(line))).toEqual([]);
    expect(seen).toContain('POST /api/v1/tournament/ 403 auth/forbidden');
  });

  it('an admin with the same bogus body gets the form described (400 naming a field)', async () => {
    const admin = await placeUser(server, { roles: ['player', 'admin'] });
    const res = await request<ErrorReply>(`${server.url}/api/v1/tournament/`, { token: admin.token, body: bogus });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.field).toBeDefined();
  });
});

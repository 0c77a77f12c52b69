import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { testAdmin } from '../test-support/credentials.js';

let server: TestServer;
let player: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  player = (await registerUser(server.url, 'plain_player', 'password-123', { country: 'KZ' })).access_token;
  admin = (await request<{ access_token: string }>(`${server.url}/api/user/login`, { body: testAdmin })).body.access_token;
});
afterAll(async () => {
  await server.close();
});

const usersByCountryPath = '/api/admin/info/admin/users/country';
const agentsPath = '/api/admin/info/admin/agent';

interface Call {
  readonly method: string;
  readonly path: string;
}

/**
 * Every admin call the server has, read from its own route table (the OpenAPI document built from
 * the registered routes): anything under /api/admin/ or tagged `admin` wherever it lives. A new
 * admin route is checked the day it is added, without anyone remembering to list it here.
 */
function adminCalls(): Call[] {
  const doc = server.app.swagger() as { paths?: Record<string, Record<string, { tags?: string[] }>> };
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);
  return Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method, operation]) => methods.has(method) && (path.startsWith('/api/admin/') || operation.tags?.includes('admin')))
      // Any id will do: the permission check comes before the handler looks anything up.
      .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
  );
}

/** What a caller gets from a call: the status, and the code when it is refused. */
async function outcome(call: Call, token: string | undefined): Promise<string> {
  const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
  const res = await request<{ error?: { code: string } }>(`${server.url}${call.path}`, {
    method: call.method,
    ...(hasBody ? { body: {} } : {}),
    ...(token ? { token } : {}),
  });
  return res.status === 401 || res.status === 403 ? `${res.status} ${res.body.error?.code}` : 'let through';
}

describe('permissions', () => {
  it('a player sees their roles and permissions', async () => {
    const res = await request<{ roles: string[]; permissions: string[] }>(`${server.url}/api/permission/me`, { token: player });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(['player']);
    expect(res.body.permissions).toContain('game.play');
    expect(res.body.permissions).not.toContain('admin.access');
  });

  it('an admin has the admin permissions', async () => {
    const res = await request<{ roles: string[]; permissions: string[] }>(`${server.url}/api/permission/me`, { token: admin });
    expect(res.body.roles).toContain('admin');
    expect(res.body.permissions).toEqual(expect.arrayContaining(['admin.access', 'admin.users.read']));
  });

  // Calls are sent with an empty body: validation runs before preHandler guards, so an admin call
  // whose body schema refuses `{}` answers a player 400 and fails here. Such a call should check
  // the permission in onRequest, so a player learns nothing about its input either.
  it('every admin call in the route table refuses a player with 403 and a stranger with 401, and lets an admin through', async () => {
    const calls = adminCalls();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining([usersByCountryPath, agentsPath]));
    const seen = await Promise.all(
      calls.map(async (call) => ({
        call: `${call.method} ${call.path}`,
        player: await outcome(call, player),
        stranger: await outcome(call, undefined),
        admin: await outcome(call, admin),
      })),
    );
    expect(seen).toEqual(
      calls.map((call) => ({
        call: `${call.method} ${call.path}`,
        player: '403 auth/forbidden',
        stranger: '401 auth/token_missing',
        admin: 'let through',
      })),
    );
  });

  it('an admin lists users by country', async () => {
    const res = await request<{ items: { country: string | null; count: number }[] }>(`${server.url}${usersByCountryPath}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toContainEqual({ country: 'KZ', count: 1 });
  });

  it('an admin lists agents', async () => {
    const res = await request<{ items: unknown[] }>(`${server.url}${agentsPath}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  });
});

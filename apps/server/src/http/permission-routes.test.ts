import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, testAdmin, type TestServer } from '../test-support/server.js';

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

const adminRoutes = ['/api/admin/info/admin/users/country', '/api/admin/info/admin/agent'];

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

  it.each(adminRoutes)('%s: a player gets 403 auth/forbidden', async (path) => {
    const res = await request<{ error: { code: string } }>(`${server.url}${path}`, { token: player });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('auth/forbidden');
  });

  it.each(adminRoutes)('%s: without a token 401', async (path) => {
    expect((await request(`${server.url}${path}`)).status).toBe(401);
  });

  it('an admin lists users by country', async () => {
    const res = await request<{ items: { country: string | null; count: number }[] }>(`${server.url}${adminRoutes[0]}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.items).toContainEqual({ country: 'KZ', count: 1 });
  });

  it('an admin lists agents', async () => {
    const res = await request<{ items: unknown[] }>(`${server.url}${adminRoutes[1]}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  });
});

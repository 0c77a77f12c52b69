import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { placeUser } from '../admin/test-support.js';
import { nextEvent } from '../realtime/test-support.js';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { testAdmin } from '../test-support/credentials.js';

interface ErrorAnswer {
  error: { code: string; details?: Record<string, unknown> };
}
interface Pair {
  access_token: string;
  refresh_token: string;
}

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await request<Pair>(`${server.url}/api/user/login`, { body: testAdmin })).body.access_token;
});
afterAll(async () => {
  await server.close();
});

const url = (path: string) => `${server.url}${path}`;
const me = (token: string) => request<ErrorAnswer>(url('/api/user/users/me'), { token });
const refresh = (refresh_token: string) => request<Pair & ErrorAnswer>(url('/api/user/refresh'), { body: { refresh_token } });
let keys = 0;

describe('a role change revokes the tokens that carried the old roles', () => {
  it('a demoted admin cannot credit itself with its old token (the 12,345 chips reproduction)', async () => {
    const rogue = await placeUser(server, { roles: ['player', 'admin'] });
    const credit = () =>
      request<ErrorAnswer>(url(`/api/admin/users/${rogue.id}/adjust`), {
        token: rogue.token,
        body: { wallet_type: 'BALANCE', amount: '12345', reason: 'bonus for me', idempotency_key: `rogue-${(keys += 1)}-key` },
      });
    const demoted = await request(url(`/api/admin/users/${rogue.id}`), { method: 'PATCH', token: adminToken, body: { roles: ['player'] } });
    expect(demoted.status).toBe(200);

    const refused = await credit();
    expect([refused.status, refused.body.error.code]).toEqual([401, 'auth/token_revoked']);
    const detail = await request<{ wallets: { wallet_type: string; balance: string }[] }>(url(`/api/admin/users/${rogue.id}`), {
      token: adminToken,
    });
    expect(detail.body.wallets.find((w) => w.wallet_type === 'BALANCE')?.balance).toBe('0');
  });

  it('keeps the refresh token: the next refresh carries the new roles', async () => {
    const pair = await registerUser(server.url, 'promoted_one');
    const id = (await request<{ id: number }>(url('/api/user/users/me'), { token: pair.access_token })).body.id;
    await request(url(`/api/admin/users/${id}`), { method: 'PATCH', token: adminToken, body: { roles: ['player', 'agent'] } });
    expect((await me(pair.access_token)).body.error.code).toBe('auth/token_revoked');
    const renewed = await refresh(pair.refresh_token);
    expect(renewed.status).toBe(200);
    const roles = await request<{ roles: string[] }>(url('/api/permission/me'), { token: renewed.body.access_token });
    expect(roles.body.roles).toEqual(['agent', 'player']);
  });

  it('a commission change alone leaves the tokens working', async () => {
    const agent = await placeUser(server, { roles: ['player', 'agent'] });
    await request(url(`/api/admin/users/${agent.id}`), { method: 'PATCH', token: adminToken, body: { commission_bps: 300 } });
    expect((await me(agent.token)).status).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('ends every access and refresh token of the user, and only theirs', async () => {
    const phone = await registerUser(server.url, 'two_devices');
    const laptop = (await request<Pair>(url('/api/user/login'), { body: { username: 'two_devices', password: 'password-123' } })).body;
    const bystander = await registerUser(server.url, 'bystander');

    const out = await request(url('/api/auth/sign-out-everywhere'), { method: 'POST', token: phone.access_token });
    expect(out.status).toBe(204);

    for (const token of [phone.access_token, laptop.access_token]) expect((await me(token)).body.error.code).toBe('auth/token_revoked');
    for (const token of [phone.refresh_token, laptop.refresh_token])
      expect((await refresh(token)).body.error.code).toBe('auth/refresh_invalid');
    expect((await me(bystander.access_token)).status).toBe(200);
    // Signing in again works and gives tokens of the new version.
    const again = await request<Pair>(url('/api/user/login'), { body: { username: 'two_devices', password: 'password-123' } });
    expect((await me(again.body.access_token)).status).toBe(200);
  });

  it('needs a token', async () => {
    const res = await request<ErrorAnswer>(url('/api/auth/sign-out-everywhere'), { method: 'POST' });
    expect([res.status, res.body.error.code]).toEqual([401, 'auth/token_missing']);
  });

  it('closes the user’s realtime connections within 2 s', async () => {
    const pair = await registerUser(server.url, 'socket_owner');
    const wsUrl = server.url.replace('http', 'ws') + '/connection/websocket';
    const client = new Centrifuge(wsUrl, { websocket: WebSocket, token: pair.access_token, minReconnectDelay: 50, maxReconnectDelay: 300 });
    try {
      client.connect();
      await client.ready(5000);
      // The client asks for a new token once its old one is refused; the refresh token is gone too.
      const dropped = nextEvent<{ code: number }>(client, 'connecting', 2000);
      const startedAt = Date.now();
      await request(url('/api/auth/sign-out-everywhere'), { method: 'POST', token: pair.access_token });
      await dropped;
      expect(Date.now() - startedAt).toBeLessThan(2000);
    } finally {
      client.disconnect();
    }
  });
});

describe('password change', () => {
  it('ends the other sessions and keeps this device signed in with a new pair', async () => {
    const other = await registerUser(server.url, 'changes_password', 'old-password-1');
    const here = (await request<Pair>(url('/api/user/login'), { body: { username: 'changes_password', password: 'old-password-1' } })).body;

    const changed = await request<Pair>(url('/api/user/password'), {
      method: 'PUT',
      token: here.access_token,
      body: { current_password: 'old-password-1', new_password: 'new-password-2' },
    });
    expect(changed.status).toBe(200);
    expect((await me(changed.body.access_token)).status).toBe(200);
    for (const token of [other.access_token, here.access_token]) expect((await me(token)).body.error.code).toBe('auth/token_revoked');
    expect((await refresh(other.refresh_token)).body.error.code).toBe('auth/refresh_invalid');
    const oldLogin = await request<ErrorAnswer>(url('/api/user/login'), {
      body: { username: 'changes_password', password: 'old-password-1' },
    });
    expect(oldLogin.status).toBe(401);
    expect((await request(url('/api/user/login'), { body: { username: 'changes_password', password: 'new-password-2' } })).status).toBe(
      200,
    );
  });

  it('refuses a wrong current password and a short new one, naming the field', async () => {
    const pair = await registerUser(server.url, 'keeps_password', 'keep-password-1');
    const wrong = await request<ErrorAnswer>(url('/api/user/password'), {
      method: 'PUT',
      token: pair.access_token,
      body: { current_password: 'not-it-at-all', new_password: 'new-password-2' },
    });
    expect([wrong.status, wrong.body.error.code, wrong.body.error.details?.field]).toEqual([
      403,
      'auth/wrong_password',
      'current_password',
    ]);
    const short = await request<ErrorAnswer>(url('/api/user/password'), {
      method: 'PUT',
      token: pair.access_token,
      body: { current_password: 'keep-password-1', new_password: 'short' },
    });
    expect([short.status, short.body.error.details?.field]).toEqual([400, 'new_password']);
    expect((await me(pair.access_token)).status).toBe(200);
  });
});

describe("a ban's realtime close", () => {
  it("closes the banned player's connection with 3011, the code docs/realtime.md names (FEATURES.md §17)", async () => {
    const pair = await registerUser(server.url, 'banned_socket');
    const { id } = (await request<{ id: number }>(url('/api/user/users/me'), { token: pair.access_token })).body;
    const wsUrl = server.url.replace('http', 'ws') + '/connection/websocket';
    const client = new Centrifuge(wsUrl, { websocket: WebSocket, token: pair.access_token, minReconnectDelay: 50, maxReconnectDelay: 300 });
    try {
      client.connect();
      await client.ready(5000);
      const dropped = nextEvent<{ code: number }>(client, 'connecting', 5000);
      const banned = await request(url(`/api/admin/users/${id}/ban`), { token: adminToken, body: { reason: 'cheating' } });
      expect(banned.status).toBe(200);
      expect((await dropped).code).toBe(3011);
    } finally {
      client.disconnect();
    }
  });
});

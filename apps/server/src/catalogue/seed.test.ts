import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsService } from '../accounts/accounts-service.js';
import { createPasswordHasher } from '../accounts/passwords.js';
import { createTokenService } from '../accounts/tokens.js';
import { buildApp } from '../app.js';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { createTestStore } from '../test-support/store.js';
import { seedDatabase } from './seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ adminUsername: undefined, adminPassword: undefined });
});
afterAll(async () => {
  await server.close();
});

describe('seeding an empty database', () => {
  it('creates an admin named admin with a generated password that signs in', async () => {
    const admin = server.seed.firstAdmin;
    expect(admin?.username).toBe('admin');
    expect(admin?.generatedPassword).toMatch(/^[\w-]{12,}$/);
    const login = await request<{ access_token: string }>(`${server.url}/api/user/login`, {
      body: { username: 'admin', password: admin?.generatedPassword },
    });
    expect(login.status).toBe(200);
    const perms = await request<{ roles: string[] }>(`${server.url}/api/permission/me`, { token: login.body.access_token });
    expect(perms.body.roles).toContain('admin');
  });

  it('fills the emoji catalogue: some throwable, some not', async () => {
    const { access_token } = await registerUser(server.url, 'emoji_fan');
    const res = await request<{ items: { name: string; is_throwable: boolean }[] }>(`${server.url}/api/emoji`, { token: access_token });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThanOrEqual(10);
    expect(res.body.items).toContainEqual(expect.objectContaining({ name: 'tomato', is_throwable: true }));
    expect(res.body.items).toContainEqual(expect.objectContaining({ name: 'smile', is_throwable: false }));
  });

  it('a second start on the same database seeds nothing and prints no password', async () => {
    const again = await buildApp(server.config, { logger: false, store: server.services.store });
    expect(again.seed.firstAdmin).toBeUndefined();
    await again.close();
  });
});

describe('a start that dies while seeding', () => {
  it('leaves nothing marked as seeded, so the next start still creates the first admin', async () => {
    const store = await createTestStore();
    try {
      const tokens = createTokenService('s'.repeat(32), 900);
      const passwords = createPasswordHasher({ memoryCost: 1024, timeCost: 1 });
      const accounts = createAccountsService({
        store,
        tokens,
        passwords,
        welcomeBonus: 0n,
        refreshTokenDays: 30,
        telegramBotToken: undefined,
      });
      const admin = { username: 'first_admin', password: 'first-admin-password' };
      // The process is killed (or the database drops the connection) while the admin is written.
      const dying = { ...accounts, createUser: async () => Promise.reject(new Error('connection lost')) };
      await expect(seedDatabase(store, dying, passwords, admin)).rejects.toThrow('connection lost');

      const restart = await seedDatabase(store, accounts, passwords, admin);
      expect(restart.firstAdmin?.username).toBe('first_admin');
      const login = await accounts.login('first_admin', 'first-admin-password');
      expect(login.ok).toBe(true);
      const roles = login.ok ? await tokens.verifyAccessToken(login.value.access_token) : undefined;
      expect(roles?.ok && roles.roles).toContain('admin');
    } finally {
      await store.close();
    }
  });
});

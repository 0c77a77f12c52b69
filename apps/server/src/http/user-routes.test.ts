import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../accounts/tokens.js';
import { buildApp } from '../app.js';
import { createStore } from '../store/db.js';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, testConfig, type TestServer } from '../test-support/server.js';

type Tokens = { access_token: string; refresh_token: string };
type ErrorReply = { error: { code: string; message: string; details?: { field?: string } } };
type MeReply = {
  id: number;
  username: string;
  roles: string[];
  wallets: { wallet_type: string; balance: string }[];
  country: string | null;
};

let server: TestServer;
/** How far the server's clock runs ahead of the real one (expiry tests move it, then put it back). */
let clockAheadMs = 0;
beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(Date.now() + clockAheadMs) });
});
afterAll(async () => {
  await server.close();
});

const api = (path: string) => `${server.url}${path}`;

describe('account flow', () => {
  it('registers, signs in, reads itself with wallets and roles, renames, refreshes and logs out', async () => {
    const created = await request<Tokens>(api('/api/user/registration'), {
      body: { username: 'Ivan_Petrov', password: 'correct-horse', country: 'RU', language: 'ru' },
    });
    expect(created.status).toBe(201);
    expect(created.body.access_token).toMatch(/^ey/);

    const me = await request<MeReply>(api('/api/user/users/me'), { token: created.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'Ivan_Petrov', country: 'RU', roles: ['player'] });
    expect(me.body.wallets).toEqual([
      { wallet_type: 'BALANCE', balance: '0' },
      { wallet_type: 'BONUS_BALANCE', balance: '10000' },
    ]);

    const login = await request<Tokens>(api('/api/user/login'), { body: { username: 'ivan_petrov', password: 'correct-horse' } });
    expect(login.status).toBe(200);

    const renamed = await request(api('/api/user/username'), {
      method: 'PUT',
      token: login.body.access_token,
      body: { username: 'Ivan2' },
    });
    expect(renamed.status).toBe(200);
    const after = await request<MeReply>(api('/api/user/users/me'), { token: login.body.access_token });
    expect(after.body.username).toBe('Ivan2');

    const refreshed = await request<Tokens>(api('/api/user/refresh'), { body: { refresh_token: login.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(login.body.refresh_token);
    expect((await request(api('/api/user/users/me'), { token: refreshed.body.access_token })).status).toBe(200);

    const out = await request(api('/api/user/logout'), { body: { refresh_token: refreshed.body.refresh_token } });
    expect(out.status).toBe(204);
    const afterLogout = await request<ErrorReply>(api('/api/user/refresh'), { body: { refresh_token: refreshed.body.refresh_token } });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.error.code).toBe('auth/refresh_invalid');
  });

  it('a rotated refresh token stops working, and presenting it again revokes the whole family', async () => {
    const first = await registerUser(server.url, 'rotator');
    const second = await request<Tokens>(api('/api/user/refresh'), { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    const reuse = await request<ErrorReply>(api('/api/user/refresh'), { body: { refresh_token: first.refresh_token } });
    expect(reuse.status).toBe(401);
    // The thief's reuse also kills the legitimate newer token of that sign-in.
    const victim = await request(api('/api/user/refresh'), { body: { refresh_token: second.body.refresh_token } });
    expect(victim.status).toBe(401);
  });

  it('a refresh token works for 30 days and is refused after that', async () => {
    const day = 86_400_000;
    const early = await registerUser(server.url, 'returns_in_time');
    const late = await registerUser(server.url, 'returns_too_late');
    try {
      clockAheadMs = 29 * day;
      const inTime = await request<Tokens>(api('/api/user/refresh'), { body: { refresh_token: early.refresh_token } });
      expect(inTime.status).toBe(200);
      clockAheadMs = 30 * day + 60_000;
      const tooLate = await request<ErrorReply>(api('/api/user/refresh'), { body: { refresh_token: late.refresh_token } });
      expect(tooLate.status).toBe(401);
      expect(tooLate.body.error.code).toBe('auth/refresh_invalid');
    } finally {
      clockAheadMs = 0;
    }
  });

  it('a wrong password is 401 with a stable code, and says nothing about which part was wrong', async () => {
    await registerUser(server.url, 'careful');
    const wrong = await request<ErrorReply>(api('/api/user/login'), { body: { username: 'careful', password: 'not-the-password' } });
    const unknown = await request<ErrorReply>(api('/api/user/login'), { body: { username: 'nobody_here', password: 'whatever1' } });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.error.code).toBe('auth/invalid_credentials');
    expect(unknown.body.error).toEqual(wrong.body.error);
  });

  it('a taken username is 409, in any letter case, at sign-up and on rename', async () => {
    const owner = await registerUser(server.url, 'Taken_Name');
    const dup = await request<ErrorReply>(api('/api/user/registration'), { body: { username: 'taken_name', password: 'password-1' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('user/username_taken');
    const other = await registerUser(server.url, 'someone_else');
    const rename = await request<ErrorReply>(api('/api/user/username'), {
      method: 'PUT',
      token: other.access_token,
      body: { username: 'TAKEN_NAME' },
    });
    expect(rename.status).toBe(409);
    // Renaming oneself to a different case of one's own name is fine.
    const self = await request(api('/api/user/username'), { method: 'PUT', token: owner.access_token, body: { username: 'taken_NAME' } });
    expect(self.status).toBe(200);
  });
});

describe('usernames under concurrency and in any alphabet', () => {
  it('five players renaming to one free name at the same moment: one gets it, the others 409', async () => {
    const players = await Promise.all(
      ['racer_1', 'racer_2', 'racer_3', 'racer_4', 'racer_5'].map((name) => registerUser(server.url, name)),
    );
    const replies = await Promise.all(
      players.map((p) =>
        request<ErrorReply>(api('/api/user/username'), { method: 'PUT', token: p.access_token, body: { username: 'Contested' } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const loser of replies.filter((r) => r.status === 409)) expect(loser.body.error.code).toBe('user/username_taken');
  });

  it('a Cyrillic name signs in whatever its letter case', async () => {
    await registerUser(server.url, 'Ёжик', 'hedgehog-in-fog');
    for (const username of ['Ёжик', 'ёжик', 'ЁЖИК']) {
      const login = await request<Tokens>(api('/api/user/login'), { body: { username, password: 'hedgehog-in-fog' } });
      expect(login.status, username).toBe(200);
    }
    const dup = await request<ErrorReply>(api('/api/user/registration'), { body: { username: 'ёЖИК', password: 'password-1' } });
    expect(dup.status).toBe(409);
  });
});

// A database created with LC_CTYPE 'C' folds only ASCII in lower(): the unique index then tells
// 'Ёжик' from 'ёжик', and a lookup folded in JavaScript found nobody, not even under the exact name.
describe.runIf(process.env.DATABASE_URL)('on a PostgreSQL database whose ctype is C', () => {
  it('a Cyrillic name still signs in under exactly the name it registered', async () => {
    const base = process.env.DATABASE_URL ?? '';
    const name = `durak_test_ctype_c_${randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name} TEMPLATE template0 LC_CTYPE 'C' LC_COLLATE 'C'`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const store = await createStore({ databaseUrl: url.toString(), poolSize: 2 });
    const config = testConfig();
    const built = await buildApp(config, { logger: false, store });
    try {
      await built.app.ready();
      const registered = await built.app.inject({
        method: 'POST',
        url: '/api/user/registration',
        payload: { username: 'Ёжик', password: 'hedgehog-in-fog' },
      });
      expect(registered.statusCode).toBe(201);
      const login = await built.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'Ёжик', password: 'hedgehog-in-fog' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await built.close();
      await store.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('access tokens', () => {
  it('every other call needs a bearer token', async () => {
    const res = await request<ErrorReply>(api('/api/user/users/me'));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/token_missing');
  });

  it('an expired token is 401 auth/token_expired', async () => {
    const { id } = (
      await request<MeReply>(api('/api/user/users/me'), { token: (await registerUser(server.url, 'old_timer')).access_token })
    ).body;
    const past = createTokenService(server.config.jwtSecret ?? '', 15 * 60, () => new Date(Date.now() - 16 * 60 * 1000));
    const res = await request<ErrorReply>(api('/api/user/users/me'), { token: await past.signAccessToken(id, ['player']) });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/token_expired');
  });

  it.each([
    ['signed with another secret', async () => createTokenService('x'.repeat(40), 900).signAccessToken(1, ['admin'])],
    ['unsigned (alg none)', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', roles: ['admin'], exp: 9e9 })}.`],
    ['garbage', async () => 'not.a.token'],
  ])('a forged token (%s) is 401 auth/token_invalid', async (_name, make) => {
    const res = await request<ErrorReply>(api('/api/permission/me'), { token: await make() });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/token_invalid');
  });
});

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

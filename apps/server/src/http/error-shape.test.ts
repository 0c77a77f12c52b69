import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../telegram/init-data.js';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

type ErrorReply = { error: { code: string; message: string; details?: { field?: string; in?: string } } };

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await registerUser(server.url, 'shape_user')).access_token;
});
afterAll(async () => {
  await server.close();
});

/** Every answer of the API is `{error: {code, message}}`, with nothing else at the top. */
function expectOurShape(res: { status: number; body: unknown }, status: number, code: string): ErrorReply {
  expect(res.status).toBe(status);
  const body = res.body as ErrorReply;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body;
}

describe("Fastify's own refusals answer in our error shape", () => {
  it.each(['/api/v1/rooms/%ZZ', '/api/user/users/%E0%A4%A', '/api/v1/rooms/%'])(
    'a malformed URL escape (%s) is 400 request/invalid',
    async (path) => {
      expectOurShape(await request(`${server.url}${path}`, { token }), 400, 'request/invalid');
    },
  );

  it('an unknown route, or a known path with another method, is 404 request/not_found', async () => {
    expectOurShape(await request(`${server.url}/api/v1/nothing-here`), 404, 'request/not_found');
    expectOurShape(await request(`${server.url}/api/user/login`, { method: 'DELETE' }), 404, 'request/not_found');
  });

  it('a body the API does not speak is 415, malformed JSON 400, an oversize body 413', async () => {
    const path = `${server.url}/api/user/login`;
    expectOurShape(
      await request(path, { method: 'POST', raw: '<login/>', headers: { 'content-type': 'application/xml' } }),
      415,
      'request/unsupported_media_type',
    );
    expectOurShape(
      await request(path, { method: 'POST', raw: '{"username": ', headers: { 'content-type': 'application/json' } }),
      400,
      'request/invalid',
    );
    expectOurShape(
      await request(path, { method: 'POST', raw: '{"__proto__": {"x": 1}}', headers: { 'content-type': 'application/json' } }),
      400,
      'request/invalid',
    );
    expectOurShape(await request(path, { body: { username: 'a'.repeat(100_000), password: 'password-1' } }), 413, 'request/body_too_large');
  });
});

describe('a NUL character (PostgreSQL refuses it in text) is 400 naming the field, never a 500', () => {
  const nul = 'ab\u0000cd';
  it.each([
    ['a login name at registration', '/api/user/registration', { username: nul, password: 'password-1' }, 'username'],
    ['a password at registration', '/api/user/registration', { username: 'nul_pass', password: `password-1${'\u0000'}` }, 'password'],
    ['a login name at login', '/api/user/login', { username: nul, password: 'password-1' }, 'username'],
    ['a refresh token', '/api/user/refresh', { refresh_token: nul }, 'refresh_token'],
    ['a key of the body', '/api/user/login', { username: 'shape_user', password: 'password-1', ['x\u0000']: 1 }, 'x\\u0000'],
  ])('%s', async (_name, path, body, field) => {
    const reply = expectOurShape(await request(`${server.url}${path}`, { body }), 400, 'request/invalid');
    expect(reply.error.details?.field).toBe(field);
    expect(reply.error.message).toContain(field);
  });

  it('in a nested field of a signed-in call', async () => {
    const room = { bet_amount: '100', player_count: 2, deck_size: 36, password: nul };
    expect(
      expectOurShape(await request(`${server.url}/api/v1/rooms`, { token, body: room }), 400, 'request/invalid').error.details?.field,
    ).toBe('password');
    const nested = { ...room, password: 'open', extra: { list: ['x', nul] } };
    expect(
      expectOurShape(await request(`${server.url}/api/v1/rooms`, { token, body: nested }), 400, 'request/invalid').error.details?.field,
    ).toBe('extra.list.1');
  });

  it('in the path or the query', async () => {
    const inPath = expectOurShape(await request(`${server.url}/api/v1/rooms/1%00`, { token }), 400, 'request/invalid');
    expect(inPath.error.details).toMatchObject({ field: 'id', in: 'params' });
    const inQuery = expectOurShape(await request(`${server.url}/api/v1/rooms?min_bet=1%00`, { token }), 400, 'request/invalid');
    expect(inQuery.error.details).toMatchObject({ field: 'min_bet', in: 'querystring' });
  });

  it("in a signed Telegram user's photo_url", async () => {
    const user = { id: 777001, first_name: 'Nul', photo_url: `https://t.me/i/userpic/${nul}.jpg` };
    const initData = signInitData(
      { auth_date: String(Math.floor(Date.now() / 1000) - 5), user: JSON.stringify(user) },
      server.config.telegramBotToken ?? '',
    );
    const reply = expectOurShape(
      await request(`${server.url}/api/user/telegram/auth`, { body: { init_data: initData } }),
      400,
      'request/invalid',
    );
    expect(reply.error.details?.field).toBe('init_data.user.photo_url');
    // Nothing was created: the same user signs in once the photo is clean.
    const clean = await request(`${server.url}/api/user/telegram/auth`, {
      body: {
        init_data: signInitData(
          {
            auth_date: String(Math.floor(Date.now() / 1000) - 5),
            user: JSON.stringify({ ...user, photo_url: 'https://t.me/i/userpic/1.jpg' }),
          },
          server.config.telegramBotToken ?? '',
        ),
      },
    });
    expect(clean.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

interface ErrorReply {
  error: { code: string; details?: { field?: string } };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await registerUser(server.url, 'advadmin');
});
afterAll(async () => server.close());

const register = (username: string) =>
  request<ErrorReply>(`${server.url}/api/user/registration`, { body: { username, password: 'password-123' } });

describe('a name that looks like a taken one is taken (UTS #39 skeleton)', () => {
  it.each([
    ['with a Cyrillic а', 'аdvadmin'],
    ['in full-width letters', 'ａｄｖａｄｍｉｎ'],
    ['with rn for m', 'advadrnin'],
  ])('registration %s is 409 user/username_taken naming the field', async (_name, username) => {
    const res = await register(username);
    expect([res.status, res.body.error.code, res.body.error.details?.field]).toEqual([409, 'user/username_taken', 'username']);
  });

  it('a rename to a look-alike is refused; a rename to a look-alike of one’s own name is not', async () => {
    const other = await registerUser(server.url, 'honest_player');
    const rename = await request<ErrorReply>(`${server.url}/api/user/username`, {
      method: 'PUT',
      token: other.access_token,
      body: { username: 'аdvadmin' },
    });
    expect([rename.status, rename.body.error.code]).toEqual([409, 'user/username_taken']);
    const own = await request(`${server.url}/api/user/username`, {
      method: 'PUT',
      token: other.access_token,
      body: { username: 'h0nest_player' },
    });
    expect(own.status).toBe(200);
  });

  it('a name that only shares letters is free', async () => {
    expect((await register('advadmins')).status).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../telegram/init-data.js';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

type Tokens = { access_token: string; refresh_token: string };
type ErrorReply = { error: { code: string } };
type MeReply = {
  id: number;
  username: string;
  language: string | null;
  avatar_url: string | null;
  parent_id: number | null;
  telegram_id: string | null;
  wallets: { wallet_type: string; balance: string }[];
};

let server: TestServer;
let referrerId: number;
beforeAll(async () => {
  server = await startTestServer();
  const referrer = await registerUser(server.url, 'referrer');
  referrerId = (await request<MeReply>(`${server.url}/api/user/users/me`, { token: referrer.access_token })).body.id;
});
afterAll(async () => {
  await server.close();
});

const bot = () => server.config.telegramBotToken ?? '';
const initData = (user: Record<string, unknown>, extra: Record<string, string> = {}, token = bot()) =>
  signInitData({ auth_date: String(Math.floor(Date.now() / 1000) - 5), query_id: 'AAHdF6IQ', user: JSON.stringify(user), ...extra }, token);

async function signIn(data: string) {
  return request<Tokens & ErrorReply>(`${server.url}/api/user/telegram/auth`, { body: { init_data: data } });
}
async function meOf(token: string) {
  return (await request<MeReply>(`${server.url}/api/user/users/me`, { token })).body;
}

describe('Telegram sign-in', () => {
  it('a valid init data signs in, takes username, language and photo from it, and records the parent', async () => {
    const user = { id: 555001, first_name: 'Олег', username: 'oleg_tg', language_code: 'uk', photo_url: 'https://t.me/i/userpic/1.jpg' };
    const res = await signIn(initData(user, { start_param: `pr_${referrerId}` }));
    expect(res.status).toBe(200);
    const me = await meOf(res.body.access_token);
    expect(me).toMatchObject({
      username: 'oleg_tg',
      language: 'uk',
      avatar_url: user.photo_url,
      parent_id: referrerId,
      telegram_id: '555001',
    });
    expect(me.wallets.find((w) => w.wallet_type === 'BONUS_BALANCE')?.balance).toBe('10000');
  });

  it('signing in again finds the same user, and the parent never changes', async () => {
    const user = { id: 555001, first_name: 'Олег', username: 'oleg_tg' };
    const other = await registerUser(server.url, 'another_referrer');
    const otherId = (await meOf(other.access_token)).id;
    const res = await signIn(initData(user, { start_param: `pr_${otherId}` }));
    expect(res.status).toBe(200);
    const me = await meOf(res.body.access_token);
    expect(me.telegram_id).toBe('555001');
    expect(me.parent_id).toBe(referrerId);
  });

  it('a user with no Telegram username gets one, and an unknown parent is ignored', async () => {
    const res = await signIn(initData({ id: 555002, first_name: 'Anna' }, { start_param: 'pr_99999999' }));
    expect(res.status).toBe(200);
    const me = await meOf(res.body.access_token);
    expect(me.username).toBe('tg555002');
    expect(me.parent_id).toBeNull();
  });

  it('a Telegram username already used on the site gets a suffix instead of taking the account', async () => {
    await registerUser(server.url, 'site_first');
    const res = await signIn(initData({ id: 555003, username: 'site_first' }));
    expect(res.status).toBe(200);
    expect((await meOf(res.body.access_token)).username).toMatch(/^site_first_/);
  });

  // The mini-app's first open often fires its sign-in twice (a remount, a retry); both must land in one account.
  it('simultaneous first sign-ins of a new Telegram user all succeed as one user', async () => {
    const data = initData({ id: 555010, username: 'eager_tapper', first_name: 'Eager' });
    const replies = await Promise.all(Array.from({ length: 4 }, () => signIn(data)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = await Promise.all(replies.map(async (r) => (await meOf(r.body.access_token)).id));
    expect(new Set(ids).size).toBe(1);
    expect((await meOf(replies[0]?.body.access_token ?? '')).username).toBe('eager_tapper');
  });

  it('refuses tampered init data', async () => {
    const data = new URLSearchParams(initData({ id: 555004, username: 'mallory' }, { start_param: `pr_${referrerId}` }));
    data.set('user', JSON.stringify({ id: 1, username: 'admin' }));
    const res = await signIn(data.toString());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/telegram_invalid');
  });

  it.each([
    ['without a hash', (signed: URLSearchParams) => signed.delete('hash')],
    ['with an empty hash', (signed: URLSearchParams) => signed.set('hash', '')],
    ['with a hash that is not hex', (signed: URLSearchParams) => signed.set('hash', 'z'.repeat(64))],
    ['with a hash of the wrong length', (signed: URLSearchParams) => signed.set('hash', 'abcd')],
    ['with a hash one hex digit short', (signed: URLSearchParams) => signed.set('hash', (signed.get('hash') ?? '').slice(1))],
  ])('refuses init data %s with 401, never a 500', async (_name, spoil) => {
    const data = new URLSearchParams(initData({ id: 555008, username: 'hashless' }));
    spoil(data);
    const res = await signIn(data.toString());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/telegram_invalid');
  });

  it.each([
    ['a percent sign soup', '%%%&&&==='],
    ['a JSON body as text', '{"user":{"id":1},"hash":"00"}'],
  ])('refuses init data that is %s with 401', async (_name, data) => {
    const res = await signIn(data);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/telegram_invalid');
  });

  it('an empty init data is 400 naming the field', async () => {
    const res = await request<{ error: { code: string; details?: { field?: string } } }>(`${server.url}/api/user/telegram/auth`, {
      body: { init_data: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.field).toBe('init_data');
  });

  it('refuses init data signed with another bot token', async () => {
    const res = await signIn(initData({ id: 555005 }, {}, '42:ANOTHER-bot'));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/telegram_invalid');
  });

  it('refuses init data older than 24 hours', async () => {
    const old = signInitData({ auth_date: String(Math.floor(Date.now() / 1000) - 86_401), user: JSON.stringify({ id: 555006 }) }, bot());
    const res = await signIn(old);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/telegram_expired');
  });

  it('the unsigned body parent does not set a referrer', async () => {
    const res = await request<Tokens>(`${server.url}/api/user/telegram/auth`, {
      body: { init_data: initData({ id: 555007, username: 'no_parent' }), parent: referrerId },
    });
    expect(res.status).toBe(200);
    expect((await meOf(res.body.access_token)).parent_id).toBeNull();
  });
});

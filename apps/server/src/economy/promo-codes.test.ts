import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { testAdmin } from '../test-support/credentials.js';
import { expectBooksBalance, walletsOf, type ErrorAnswer } from './test-support.js';

type Promo = {
  id: number;
  code: string;
  amount: string;
  wallet_type: string;
  max_uses: number;
  used_count: number;
  expires_at: string | null;
};

const clock = createClock(Date.parse('2026-05-01T12:00:00Z'));
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer(
    {
      economy: {
        paymentsSandbox: true,
        telegramApiUrl: 'http://127.0.0.1:9',
        telegramWebhookSecret: undefined,
        chipsPerStar: 100n,
        promoUsesPerMinute: 5,
      },
    },
    { now: clock.now },
  );
  admin = (await request<{ access_token: string }>(`${server.url}/api/user/login`, { body: testAdmin })).body.access_token;
});
afterAll(async () => server?.close());
afterEach(async () => {
  await expectBooksBalance(server.services.store);
  // Each test starts with a fresh rate-limit window.
  clock.advance(61_000);
});

let codes = 0;
async function createCode(fields: Record<string, unknown> = {}): Promise<Promo> {
  const created = await request<Promo & ErrorAnswer>(`${server.url}/api/admin/promocodes`, {
    token: admin,
    body: { code: `SPRING${++codes}`, amount: '300', max_uses: 10, ...fields },
  });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  return created.body;
}
const use = (p: TestPlayer, code: string) =>
  request<{ code: string; amount: string; wallet_type: string } & ErrorAnswer>(
    `${server.url}/api/promocode/use/${encodeURIComponent(code)}`,
    { token: p.token, method: 'POST' },
  );

describe('admins and promo codes', () => {
  it('an admin creates and lists codes; a player may not; the same text twice is 409', async () => {
    const created = await createCode({ code: 'Welcome2026', wallet_type: 'BALANCE', max_uses: 3, expires_at: '2026-06-01T00:00:00Z' });
    expect(created).toMatchObject({
      code: 'Welcome2026',
      amount: '300',
      wallet_type: 'BALANCE',
      max_uses: 3,
      used_count: 0,
      expires_at: '2026-06-01T00:00:00.000Z',
    });
    const listed = await request<{ items: Promo[] }>(`${server.url}/api/admin/promocodes`, { token: admin });
    expect(listed.body.items.map((c) => c.code)).toContain('Welcome2026');
    const twice = await request<ErrorAnswer>(`${server.url}/api/admin/promocodes`, {
      token: admin,
      body: { code: 'WELCOME2026', amount: '5', max_uses: 1 },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('promo/code_taken');

    const p = await newPlayer(server.url, 'notadmin');
    const refused = await request<ErrorAnswer>(`${server.url}/api/admin/promocodes`, {
      token: p.token,
      body: { code: 'MINE1', amount: '5', max_uses: 1 },
    });
    expect(refused.status).toBe(403);
    expect((await request(`${server.url}/api/admin/promocodes`, { token: p.token })).status).toBe(403);
    const perms = await request<{ permissions: string[] }>(`${server.url}/api/permission/me`, { token: admin });
    expect(perms.body.permissions).toContain('admin.promocodes.manage');
  });

  it.each([
    ['amount', { amount: '0' }],
    ['amount', { amount: '-3' }],
    ['amount', { amount: 2.5 }],
    ['amount', { amount: '9223372036854775808' }],
    ['max_uses', { max_uses: 0 }],
    ['code', { code: 'no spaces!' }],
    ['expires_at', { expires_at: 'tomorrow' }],
  ])('a bad %s is a 400 naming it', async (field, fields) => {
    const answer = await request<ErrorAnswer>(`${server.url}/api/admin/promocodes`, {
      token: admin,
      body: { code: 'BADONE', amount: '10', max_uses: 1, ...fields },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details?.field).toBe(field);
  });
});

describe('using a promo code', () => {
  it('credits its wallet once per user, letter case ignored; a second use is 409 promo/already_used', async () => {
    const code = await createCode();
    const p = await newPlayer(server.url, 'promo');
    const before = await walletsOf(server.url, p.token);
    const used = await use(p, code.code.toLowerCase());
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ code: code.code, amount: '300', wallet_type: 'BONUS_BALANCE' });
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE).toBe(before.BONUS_BALANCE! + 300n);
    const again = await use(p, code.code);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('promo/already_used');
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE).toBe(before.BONUS_BALANCE! + 300n);
  });

  it('an unknown code is 404, an expired one 410, a used-up one 409 promo/used_up', async () => {
    const p = await newPlayer(server.url, 'codes');
    expect((await use(p, 'NOSUCHCODE')).body.error.code).toBe('promo/not_found');
    expect((await use(p, 'NOSUCHCODE')).status).toBe(404);
    const expiring = await createCode({ expires_at: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(60_000);
    const expired = await use(p, expiring.code);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('promo/expired');
    const single = await createCode({ max_uses: 1 });
    expect((await use(await newPlayer(server.url, 'first'), single.code)).status).toBe(200);
    const late = await use(p, single.code);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('promo/used_up');
  });

  it('its last uses, taken by many users at once, go to exactly max_uses of them', async () => {
    const code = await createCode({ max_uses: 3 });
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(server.url, 'crowd')));
    const answers = await Promise.all(players.map((p) => use(p, code.code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error.code)).toEqual([
      'promo/used_up',
      'promo/used_up',
      'promo/used_up',
    ]);
    const listed = await request<{ items: Promo[] }>(`${server.url}/api/admin/promocodes`, { token: admin });
    expect(listed.body.items.find((c) => c.id === code.id)?.used_count).toBe(3);
  });

  it('one user using a code several times at once is credited once', async () => {
    const code = await createCode();
    const p = await newPlayer(server.url, 'greedy');
    const before = await walletsOf(server.url, p.token);
    const answers = await Promise.all(Array.from({ length: 4 }, () => use(p, code.code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE).toBe(before.BONUS_BALANCE! + 300n);
  });

  it('is rate limited per user: guessing codes is refused with 429 before the next minute', async () => {
    const p = await newPlayer(server.url, 'guesser');
    const other = await newPlayer(server.url, 'patient');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await use(p, `GUESS${i}`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    expect((await use(other, 'GUESS1')).status).toBe(404);
    clock.advance(60_000);
    expect((await use(p, 'GUESS8')).status).toBe(404);
  });

  // Before, each account had its own 5 a minute: 5 accounts from one address made 25 guesses.
  it('is rate limited per address too: five accounts from one address share one allowance', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5].map((i) => newPlayer(server.url, `sybil${i}`)));
    const statuses: number[] = [];
    for (const account of accounts) for (let i = 0; i < 5; i++) statuses.push((await use(account, `SYBIL${i}`)).status);
    // The address allowance is three times the user's (15 here): the rest of the 25 is refused.
    expect(statuses.filter((s) => s === 404)).toHaveLength(15);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    clock.advance(60_000);
    expect((await use(accounts[4]!, 'SYBIL9')).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, picture, placeUser, type TestUser } from '../admin/test-support.js';
import { newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { findNulCharacter } from '../store/nul-characters.js';
import { request } from '../test-support/http.js';
import { classicRoom } from '../test-support/rooms.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { jsonDepthExceeds } from './json-body.js';

type ErrorReply = { error: { code: string; message: string; details?: { field?: string } } };

let server: TestServer;
let admin: TestUser;
let player: TestPlayer;
let roomId: number;
let keys = 0;
beforeAll(async () => {
  server = await startTestServer();
  admin = await placeUser(server, { roles: ['player', 'admin'] });
  player = await newPlayer(server.url, 'bounded');
  const created = await request<{ id: number }>(`${server.url}/api/v1/rooms/`, { token: player.token, body: classicRoom });
  roomId = created.body.id;
});
afterAll(async () => {
  await server.close();
});

const key = () => `bounded-key-${(keys += 1)}`;
const huge = '9223372036854775807';
const twentyDigits = '12345678901234567890';

describe('chips: every amount is 1 to 1,000,000,000 whole chips, more is 400 naming the field', () => {
  const cases: { name: string; path: () => string; body: (amount: unknown) => unknown; field: string; admin?: boolean }[] = [
    {
      name: 'a promo code',
      path: () => '/api/admin/promocodes',
      body: (amount) => ({ code: `B${key().replace(/\W/g, '')}`, amount, max_uses: 1 }),
      field: 'amount',
      admin: true,
    },
    {
      name: 'an adjustment',
      path: () => `/api/admin/users/${player.id}/adjust`,
      body: (amount) => ({ wallet_type: 'BALANCE', amount, reason: 'bounds', idempotency_key: key() }),
      field: 'amount',
      admin: true,
    },
    {
      name: 'a deposit',
      path: () => '/api/payments/deposit/sandbox/BALANCE',
      body: (amount) => ({ amount, idempotency_key: key() }),
      field: 'amount',
    },
    {
      name: 'a spin',
      path: () => '/api/v1/bandit/spin',
      body: (bet) => ({ bet, balance_type: 'BONUS_BALANCE', idempotency_key: key() }),
      field: 'bet',
    },
    { name: 'a room bet', path: () => '/api/v1/rooms/', body: (bet_amount) => ({ ...classicRoom, bet_amount }), field: 'bet_amount' },
    {
      name: 'a tournament buy-in',
      path: () => '/api/v1/tournament/',
      body: (buy_in) => ({
        name: 'Cup',
        buy_in,
        balance_type: 'BONUS_BALANCE',
        starts_at: '2030-01-01T00:00:00Z',
        min_players: 2,
        max_players: 8,
        room_size: 2,
        payout_preset_id: 1,
        is_classic_mode_allowed: true,
      }),
      field: 'buy_in',
      admin: true,
    },
  ];
  for (const c of cases) {
    it.each([
      ['the largest BIGINT', huge],
      ['a 20-digit string', twentyDigits],
      // JSON.parse turns it into a rounded double; it must still be refused, not used.
      ['a 20-digit JSON number', Number(twentyDigits)],
      ['one past a billion', '1000000001'],
      ['a fraction', '1.5'],
      ['hex', '0x10'],
    ])(`${c.name} of %s is 400 naming ${c.field}`, async (_what, amount) => {
      const res = await request<ErrorReply>(`${server.url}${c.path()}`, { token: (c.admin ? admin : player).token, body: c.body(amount) });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('request/invalid');
      expect(res.body.error.details?.field).toBe(c.field);
    });
  }

  it('a promo code of exactly a billion chips is accepted, as a string and as a number', async () => {
    for (const amount of ['1000000000', 1000000000]) {
      const res = await request(`${server.url}/api/admin/promocodes`, {
        token: admin.token,
        body: { code: `BILLION${(keys += 1)}`, amount, max_uses: 1 },
      });
      expect(res.status).toBe(201);
    }
  });

  it('an adjustment takes either sign up to a billion, never zero', async () => {
    const credit = await request(`${server.url}/api/admin/users/${player.id}/adjust`, {
      token: admin.token,
      body: { wallet_type: 'BALANCE', amount: '+1000000000', reason: 'bounds', idempotency_key: key() },
    });
    expect(credit.status).toBe(200);
    const debit = await request(`${server.url}/api/admin/users/${player.id}/adjust`, {
      token: admin.token,
      body: { wallet_type: 'BALANCE', amount: '-1000000000', reason: 'bounds', idempotency_key: key() },
    });
    expect(debit.status).toBe(200);
    for (const amount of ['0', '-1000000001', '--5']) {
      const res = await request<ErrorReply>(`${server.url}/api/admin/users/${player.id}/adjust`, {
        token: admin.token,
        body: { wallet_type: 'BALANCE', amount, reason: 'bounds', idempotency_key: key() },
      });
      expect([res.status, res.body.error.details?.field]).toEqual([400, 'amount']);
    }
  });
});

describe('ids, page and limit: digits only', () => {
  it.each(['0x1', '+1', '%201', '1%0A', '1e2', '01', '0', '12345678901234567'])(
    'POST /api/v1/rooms/%s/ready is 400 naming id, and room 1 is untouched',
    async (id) => {
      const res = await request<ErrorReply>(`${server.url}/api/v1/rooms/${id}/ready`, { token: player.token, method: 'POST' });
      expect(res.status).toBe(400);
      expect(res.body.error.details?.field).toBe('id');
    },
  );

  it('the plain id still works', async () => {
    const res = await request(`${server.url}/api/v1/rooms/${roomId}/ready`, { token: player.token, method: 'POST' });
    expect([res.status, res.body]).toEqual([200, expect.anything()]);
  });

  it.each([
    ['/api/admin/users/0x1', 'id'],
    ['/api/v1/tournament/1e2', 'id'],
    ['/api/v1/tournament/99999999999', 'id'],
    ['/api/admin/audit?page=1e2', 'page'],
    ['/api/admin/audit?limit=101', 'limit'],
    ['/api/admin/audit?limit=0x10', 'limit'],
    ['/api/v1/rooms/?page=%2B2', 'page'],
    ['/api/v1/admin/tournament/info?page=1.0', 'page'],
  ])('GET %s is 400 naming %s', async (path, field) => {
    const res = await request<ErrorReply>(`${server.url}${path}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.field).toBe(field);
  });

  it('limit=100 and page=2 are fine', async () => {
    expect((await request(`${server.url}/api/admin/audit?page=2&limit=100`, { token: admin.token })).status).toBe(200);
  });
});

describe('dates: ISO 8601 with a zone, years 2000 to 2100', () => {
  it.each([
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['year 2101', '2101-01-01T00:00:00Z'],
    ['no zone', '2030-01-01T00:00:00'],
    ['a date alone', '2030-01-01'],
  ])('a promo code expiring at %s is 400 naming expires_at', async (_what, expires_at) => {
    const res = await request<ErrorReply>(`${server.url}/api/admin/promocodes`, {
      token: admin.token,
      body: { code: `D${(keys += 1)}XX`, amount: '5', max_uses: 1, expires_at },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.field).toBe('expires_at');
  });

  it('a banner starting in year 0000 is 400 naming start_date', async () => {
    const raw = form(
      { name: 'Old', start_date: '0000-01-01T00:00:00Z', end_date: '2030-01-01T00:00:00Z' },
      { data: await picture(16, 16) },
    );
    const res = await request<ErrorReply>(`${server.url}/api/banner`, { token: admin.token, raw });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.field).toBe('start_date');
  });

  it('an offset zone in range is accepted', async () => {
    const res = await request(`${server.url}/api/admin/promocodes`, {
      token: admin.token,
      body: { code: `OFFSET${(keys += 1)}`, amount: '5', max_uses: 1, expires_at: '2099-12-31T23:00:00+03:00' },
    });
    expect(res.status).toBe(201);
  });
});

describe('JSON nesting: deeper than 32 is 400 request/too_deep before anything walks it', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('counts depth without being fooled by brackets in strings', () => {
    expect(jsonDepthExceeds(nested(32), 32)).toBe(false);
    expect(jsonDepthExceeds(nested(33), 32)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"' }), 32)).toBe(false);
  });

  it('every route with a JSON body refuses 4,000 levels with 400 request/too_deep', async () => {
    const doc = server.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(calls.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const call of calls) {
      const res = await request<ErrorReply>(`${server.url}${call.path}`, {
        method: call.method,
        token: admin.token,
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'test-webhook-secret' },
        raw: nested(4000),
      });
      if (res.status !== 400 || res.body.error?.code !== 'request/too_deep')
        wrong.push(`${call.method} ${call.path}: ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('32 levels pass the parser (then the schema judges the body)', async () => {
    const res = await request<ErrorReply>(`${server.url}/api/v1/bandit/spin`, {
      token: player.token,
      headers: { 'content-type': 'application/json' },
      raw: nested(32),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request/invalid');
  });

  it('the NUL check walks a deep value without recursion', () => {
    let value: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findNulCharacter(value)?.split('.')).toHaveLength(100_000);
    expect(findNulCharacter({ a: ['x', { 'k\u0000': 1 }] })).toBe('a.1.k\\u0000');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, picture, placeUser, type TestUser } from '../admin/test-support.js';
import { findTextFault } from '../store/nul-characters.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

/**
 * FEATURES.md §17, found by attacking: 13 x 500 from admin text. A lone surrogate in a ban or an
 * adjustment reason, a NUL or a lone surrogate in a banner's captions (JSON inside a multipart
 * field) and `X-Audit-Reason: %00` each answered 500; the ban was then not applied.
 */
interface ErrorAnswer {
  error: { code: string; message: string; details?: { field?: string; in?: string } };
}

let server: TestServer;
let admin: TestUser;
let target: TestUser;
let png: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  admin = await placeUser(server, { roles: ['player', 'admin'] });
  target = await placeUser(server);
  png = await picture(640, 200);
});
afterAll(async () => server?.close());

const url = (path: string) => `${server.url}${path}`;
const lone = '\ud800';
const isBanned = async () =>
  (await request<{ is_banned: boolean }>(url(`/api/admin/users/${target.id}`), { token: admin.token })).body.is_banned;

function expect400(res: { status: number; body: unknown }, field: string): void {
  const body = res.body as ErrorAnswer;
  expect([res.status, body.error.code]).toEqual([400, 'request/invalid']);
  expect(body.error.details?.field).toBe(field);
  expect(body.error.message).toContain(field);
}

describe('text that cannot be stored is 400 naming its field, never a 500', () => {
  it('a lone surrogate in a ban reason: 400 reason, and the player stays unbanned', async () => {
    const res = await request(url(`/api/admin/users/${target.id}/ban`), { token: admin.token, body: { reason: `spam ${lone}` } });
    expect400(res, 'reason');
    expect(await isBanned()).toBe(false);
  });

  it('a lone low surrogate in an adjustment reason, and in a key', async () => {
    const body = { wallet_type: 'bonus', amount: '10', reason: `gift \udc00 x`, idempotency_key: 'adjust-lone-1' };
    expect400(await request(url(`/api/admin/users/${target.id}/adjust`), { token: admin.token, body }), 'reason');
    const keyed = { ...body, reason: 'gift', [`k${lone}`]: 1 };
    expect400(await request(url(`/api/admin/users/${target.id}/adjust`), { token: admin.token, body: keyed }), 'k\\ud800');
  });

  it.each([
    ['a NUL', '{"en":"Summer\\u0000cup"}'],
    ['a lone surrogate', '{"en":"Summer\\ud800cup"}'],
  ])('%s escaped inside the JSON of a banner caption field', async (_name, captions) => {
    const fields = { name: 'Cup', description: 'Join', captions, start_date: '2026-06-01T00:00:00Z', end_date: '2099-07-01T00:00:00Z' };
    const res = await request(url('/api/banner'), { token: admin.token, raw: form(fields, { data: png }) });
    expect400(res, 'captions.en');
  });

  it.each([
    ['%00', 'a NUL'],
    ['%ED%A0%80', 'an encoded lone surrogate'],
    ['100%', 'a broken escape'],
  ])('X-Audit-Reason: %s (%s) is 400 naming the header, and nothing is written', async (header) => {
    const res = await request(url(`/api/admin/users/${target.id}/ban`), {
      token: admin.token,
      body: { reason: 'spam' },
      headers: { 'x-audit-reason': header },
    });
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorAnswer).error.details).toMatchObject({ field: 'X-Audit-Reason', in: 'header' });
    expect(await isBanned()).toBe(false);
  });

  it('a lone surrogate in the query or a registration name', async () => {
    expect400(await request(url('/api/v1/rooms?min_bet=%ED%A0%80'), { token: target.token }), 'min_bet');
    expect400(await request(url('/api/user/registration'), { body: { username: `ab${lone}cd`, password: 'password-1' } }), 'username');
  });

  it('a well-formed pair (an emoji) is text like any other', () => {
    expect(findTextFault({ reason: 'ok 🃏 ✓' })).toBeUndefined();
    expect(findTextFault(['a', { b: `x${lone}` }])).toMatchObject({ path: '1.b' });
  });
});

describe("a ban's end lies within the years 2000-2100", () => {
  it.each(['2101-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '1999-12-31T23:59:59Z'])('until %s is 400 until', async (until) => {
    const res = await request(url(`/api/admin/users/${target.id}/ban`), { token: admin.token, body: { reason: 'spam', until } });
    expect400(res, 'until');
    expect(await isBanned()).toBe(false);
  });

  it('a ban until 2099 is applied', async () => {
    const res = await request(url(`/api/admin/users/${target.id}/ban`), {
      token: admin.token,
      body: { reason: 'spam', until: '2099-12-31T00:00:00Z' },
      headers: { 'x-audit-reason': encodeURIComponent('ticket 41 — спам') },
    });
    expect(res.status).toBe(200);
    expect(await isBanned()).toBe(true);
  });
});

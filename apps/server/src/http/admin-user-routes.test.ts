import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeUser, type TestUser } from '../admin/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

interface Detail {
  roles: string[];
  commission_bps: number;
  wallets: { wallet_type: string; balance: string }[];
  ledger: { kind: string; amount: string; wallet_type: string }[];
}
interface ErrorAnswer {
  error: { code: string; details?: { field?: string } };
}

let server: TestServer;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await placeUser(server, { roles: ['player', 'admin'] });
  user = await placeUser(server, { country: 'UZ', name: 'uz_player' });
  await placeUser(server, { country: 'UZ', name: 'uz_second' });
  await placeUser(server, { country: 'KZ', name: 'kz_player' });
});
afterAll(async () => {
  await server.close();
});

const url = (path: string) => `${server.url}${path}`;
const detail = async () => (await request<Detail>(url(`/api/admin/users/${user.id}`), { token: admin.token })).body;
const balance = async (type = 'BALANCE') => (await detail()).wallets.find((w) => w.wallet_type === type)?.balance;
let keys = 0;
const adjust = (body: Record<string, unknown>) =>
  request<{ is_replay: boolean; transfer_id: number } & ErrorAnswer>(url(`/api/admin/users/${user.id}/adjust`), {
    token: admin.token,
    body: { wallet_type: 'BALANCE', reason: 'support ticket 42', idempotency_key: `key-${(keys += 1)}-xxxxxxxx`, ...body },
  });

describe('balance adjustments', () => {
  it('credits and debits through the ledger, each line visible in the user’s detail', async () => {
    expect((await adjust({ amount: '500' })).status).toBe(200);
    expect((await adjust({ amount: '-200' })).status).toBe(200);
    expect(await balance()).toBe('300');
    const lines = (await detail()).ledger.filter((l) => l.kind === 'admin_adjustment').map((l) => l.amount);
    expect(lines).toEqual(['-200', '500']);
  });

  it('never takes a wallet below zero', async () => {
    const res = await adjust({ amount: '-301' });
    expect([res.status, res.body.error.code]).toEqual([409, 'wallet/insufficient_funds']);
    expect(await balance()).toBe('300');
  });

  it('a retry with the same key applies once and is audited once; the key for another amount is refused', async () => {
    const body = { amount: '50', idempotency_key: 'same-key-123' };
    const [first, second] = [await adjust(body), await adjust(body)];
    expect([first.body.is_replay, second.body.is_replay, second.body.transfer_id]).toEqual([false, true, first.body.transfer_id]);
    expect(await balance()).toBe('350');
    const other = await adjust({ amount: '51', idempotency_key: 'same-key-123' });
    expect([other.status, other.body.error.code]).toEqual([409, 'admin/idempotency_key_reused']);
    const log = await request<{ items: { action: string; after: { amount?: string }; reason: string }[] }>(
      url('/api/admin/audit?limit=100'),
      { token: admin.token },
    );
    const lines = log.body.items.filter((i) => i.action === 'user.adjust' && i.after.amount === '50');
    expect(lines.map((l) => l.reason)).toEqual(['support ticket 42']);
  });

  it.each([
    [{ amount: '10', reason: '' }, 'reason'],
    [{ amount: '10', reason: undefined }, 'reason'],
    [{ amount: '0' }, 'amount'],
    [{ amount: '1.5' }, 'amount'],
    [{ amount: 10 }, 'amount'],
    [{ amount: '10', wallet_type: 'GOLD' }, 'wallet_type'],
    [{ amount: '10', idempotency_key: 'short' }, 'idempotency_key'],
  ])('%j is 400 naming %s and moves nothing', async (body, field) => {
    const before = await balance();
    const res = await adjust(body);
    expect([res.status, res.body.error.details?.field]).toEqual([400, field]);
    expect(await balance()).toBe(before);
  });

  it('an unknown user is 404', async () => {
    const res = await request<ErrorAnswer>(url('/api/admin/users/999999/adjust'), {
      token: admin.token,
      body: { wallet_type: 'BALANCE', amount: '1', reason: 'test it', idempotency_key: 'unknown-user-1' },
    });
    expect([res.status, res.body.error.code]).toEqual([404, 'user/not_found']);
  });
});

describe('roles and commission', () => {
  it('makes a user an agent with a rate, audited with before and after', async () => {
    const res = await request(url(`/api/admin/users/${user.id}`), {
      method: 'PATCH',
      token: admin.token,
      body: { roles: ['player', 'agent'], commission_bps: 1500 },
    });
    expect(res.body).toEqual({ id: user.id, roles: ['agent', 'player'], commission_bps: 1500 });
    expect(await detail()).toMatchObject({ roles: ['agent', 'player'], commission_bps: 1500 });
    const log = await request<{ items: { action: string; before: unknown; after: unknown }[] }>(url('/api/admin/audit?limit=1'), {
      token: admin.token,
    });
    expect(log.body.items[0]).toMatchObject({
      action: 'user.update',
      before: { roles: ['player'], commission_bps: 0 },
      after: { roles: ['agent', 'player'], commission_bps: 1500 },
    });
  });

  it.each([
    [{}, 'roles'],
    [{ roles: ['agent'] }, 'roles'],
    [{ roles: ['player', 'owner'] }, 'roles.1'],
    [{ commission_bps: 10_001 }, 'commission_bps'],
    [{ commission_bps: -1 }, 'commission_bps'],
  ])('%j is 400 naming %s', async (body, field) => {
    const res = await request<ErrorAnswer>(url(`/api/admin/users/${user.id}`), { method: 'PATCH', token: admin.token, body });
    expect([res.status, res.body.error.details?.field]).toEqual([400, field]);
  });

  it('an admin cannot remove their own admin role', async () => {
    const res = await request<ErrorAnswer>(url(`/api/admin/users/${admin.id}`), {
      method: 'PATCH',
      token: admin.token,
      body: { roles: ['player'] },
    });
    expect([res.status, res.body.error.code]).toEqual([409, 'admin/own_admin_role']);
  });
});

describe('users by country', () => {
  it('counts per country and lists a country’s users, paged', async () => {
    const counts = await request<{ items: { country: string | null; count: number }[]; total: number; users: number }>(
      url('/api/admin/info/admin/users/country'),
      { token: admin.token },
    );
    expect(counts.body.items).toEqual(
      expect.arrayContaining([
        { country: 'UZ', count: 2 },
        { country: 'KZ', count: 1 },
      ]),
    );
    // UZ, KZ and no country (the seeded admin and this test's); five users.
    expect([counts.body.total, counts.body.users]).toEqual([3, 5]);
    const page = await request<{ items: { username: string }[]; total: number; links: { next: string | null } }>(
      url('/api/admin/info/admin/users/country/uz?limit=1'),
      { token: admin.token },
    );
    expect([page.body.items.map((u) => u.username), page.body.total, page.body.links.next]).toEqual([
      ['uz_player'],
      2,
      '/api/admin/info/admin/users/country/uz?limit=1&page=2',
    ]);
  });

  it('a malformed code is 400 naming code', async () => {
    const res = await request<ErrorAnswer>(url('/api/admin/info/admin/users/country/UZB'), { token: admin.token });
    expect([res.status, res.body.error.details?.field]).toEqual([400, 'code']);
  });
});

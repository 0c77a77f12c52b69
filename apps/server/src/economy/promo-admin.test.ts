import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer } from '../rooms/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { testAdmin } from '../test-support/credentials.js';
import { expectBooksBalance, walletsOf, type ErrorAnswer } from './test-support.js';

type Promo = { id: number; code: string; is_active: boolean; used_count: number; created_by: { id: number; username: string } | null };
type Uses = { items: { user_id: number; username: string; used_at: string }[]; total: number; links: { next: string | null } };

const clock = createClock(Date.parse('2026-05-02T12:00:00Z'));
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({}, { now: clock.now });
  admin = (await request<{ access_token: string }>(`${server.url}/api/user/login`, { body: testAdmin })).body.access_token;
});
afterAll(async () => server?.close());

const url = (path: string) => `${server.url}${path}`;
const create = async (code: string) =>
  (await request<Promo>(url('/api/admin/promocodes'), { token: admin, body: { code, amount: '40', max_uses: 10 } })).body;
const setActive = (id: number, is_active: unknown, token = admin) =>
  request<Promo & ErrorAnswer>(url(`/api/admin/promocodes/${id}`), { token, method: 'PATCH', body: { is_active } });

describe('administering promo codes', () => {
  it('lists each code with its creator, active state and uses; disabling one makes redemption 410 promo/expired', async () => {
    const promo = await create('SUMMER40');
    const [first, second, late] = await Promise.all([
      newPlayer(server.url, 'pa'),
      newPlayer(server.url, 'pa'),
      newPlayer(server.url, 'pa'),
    ]);
    for (const p of [first, second])
      expect((await request(url(`/api/promocode/use/SUMMER40`), { token: p.token, method: 'POST' })).status).toBe(200);

    const listed = await request<{ items: Promo[]; total: number }>(url('/api/admin/promocodes'), { token: admin });
    expect(listed.body.items.find((c) => c.id === promo.id)).toMatchObject({
      code: 'SUMMER40',
      is_active: true,
      used_count: 2,
      created_by: { username: testAdmin.username },
    });

    const uses = await request<Uses>(url(`/api/admin/promocodes/${promo.id}/uses?limit=1`), { token: admin });
    expect(uses.body.total).toBe(2);
    expect(uses.body.items).toHaveLength(1);
    expect([first.id, second.id]).toContain(uses.body.items[0]!.user_id);
    expect(uses.body.links.next).not.toBeNull();

    const disabled = await setActive(promo.id, false);
    expect(disabled.status).toBe(200);
    expect(disabled.body.is_active).toBe(false);
    const before = await walletsOf(server.url, late.token);
    const refused = await request<ErrorAnswer>(url('/api/promocode/use/summer40'), { token: late.token, method: 'POST' });
    expect(refused.status).toBe(410);
    expect(refused.body.error.code).toBe('promo/expired');
    expect(await walletsOf(server.url, late.token)).toEqual(before);

    // Switched back on, it pays again.
    expect((await setActive(promo.id, true)).body.is_active).toBe(true);
    expect((await request(url('/api/promocode/use/SUMMER40'), { token: late.token, method: 'POST' })).status).toBe(200);
    await expectBooksBalance(server.services.store);
  });

  it('answers 404 for an unknown code, 400 naming is_active for a bad body, and 403 to a player', async () => {
    const promo = await create('WINTER40');
    const missing = await setActive(987_654, false);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'promo/not_found']);
    expect((await request<ErrorAnswer>(url('/api/admin/promocodes/987654/uses'), { token: admin })).status).toBe(404);
    const bad = await setActive(promo.id, 'no');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.field).toBe('is_active');
    const player = await newPlayer(server.url, 'pb');
    expect((await setActive(promo.id, false, player.token)).status).toBe(403);
    expect((await request(url(`/api/admin/promocodes/${promo.id}/uses`), { token: player.token })).status).toBe(403);
  });
});

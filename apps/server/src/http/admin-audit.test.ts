import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, picture } from '../admin/test-support.js';
import { createClock, newPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { adminToken, createTournament, registerAll } from '../tournaments/test-support.js';
import { request } from '../test-support/http.js';

// FEATURES.md §9: every admin write, without exception, leaves its audit line.
const clock = createClock(Date.parse('2026-11-04T12:00:00Z'));
let server: RoomsServer;
let admin: string;
let adminId: number;

interface Line {
  action: string;
  resource: string;
  actor: { id: number; username: string };
  reason: string | null;
  before: unknown;
  after: unknown;
}

beforeAll(async () => {
  server = await startRoomsServer({ clock });
  admin = await adminToken(server.url);
  adminId = (await request<{ id: number }>(`${server.url}/api/user/users/me`, { token: admin })).body.id;
});
afterAll(async () => server?.close());

const call = async (path: string, init: NonNullable<Parameters<typeof request>[1]>) => {
  const answer = await request<{ id: number }>(`${server.url}${path}`, {
    token: admin,
    ...init,
    headers: { 'x-audit-reason': encodeURIComponent('ticket 7 — проверка'), ...init.headers },
  });
  if (answer.status >= 300) throw new Error(`${init.method ?? 'POST'} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};
const audit = async (query = '') =>
  (await request<{ items: Line[]; total: number }>(`${server.url}/api/admin/audit?limit=100${query}`, { token: admin })).body;

describe('the audit log', () => {
  it('holds one line for every kind of admin write, with the actor, the reason and what changed', async () => {
    const [player, other] = await Promise.all([newPlayer(server.url, 'au'), newPlayer(server.url, 'au')]);
    const png = await picture(64, 32);
    const window = { start_date: '2026-01-01T00:00:00Z', end_date: '2027-01-01T00:00:00Z' };
    const expected: { action: string; resource: string }[] = [];
    const expect_ = (action: string, resource: string) => expected.push({ action, resource });

    const banner = await call('/api/banner', { raw: form({ name: 'Spring', ...window }, { data: png }) });
    expect_('banner.create', `banner:${banner.id}`);
    await call(`/api/banner/${banner.id}`, { method: 'PATCH', raw: form({ name: 'Summer' }) });
    expect_('banner.update', `banner:${banner.id}`);
    await call('/api/banners/order/change', { method: 'PATCH', body: { ids: [banner.id] } });
    expect_('banner.reorder', 'banner:*');
    await call(`/api/banner/${banner.id}`, { method: 'DELETE' });
    expect_('banner.delete', `banner:${banner.id}`);

    const id = await createTournament(server.url, admin, clock, { fee: '5' });
    expect_('tournament.create', `tournament:${id}`);
    await call(`/api/v1/tournament/update/${id}/is_pinned`, { method: 'PATCH', body: { is_pinned: true } });
    expect_('tournament.pin', `tournament:${id}`);
    await registerAll(server.url, id, [player, other]);
    clock.advance(61_000);
    await server.services.tournaments.fireDue();
    await call(`/api/v1/tournament/${id}/pause`, { method: 'POST' });
    expect_('tournament.pause', `tournament:${id}`);
    await call(`/api/v1/tournament/${id}/continue`, { method: 'POST' });
    expect_('tournament.continue', `tournament:${id}`);
    await call('/api/v1/tournament/delete', { method: 'DELETE', body: { tournament_id: id } });
    expect_('tournament.delete', `tournament:${id}`);

    const promo = await call('/api/admin/promocodes', { body: { code: 'AUDITED1', amount: '50', max_uses: 5 } });
    expect_('promocode.create', `promocode:${promo.id}`);
    await call(`/api/admin/promocodes/${promo.id}`, { method: 'PATCH', body: { is_active: false } });
    expect_('promocode.disable', `promocode:${promo.id}`);

    await call(`/api/admin/users/${player.id}`, { method: 'PATCH', body: { roles: ['player', 'agent'] } });
    await call(`/api/admin/users/${player.id}`, { method: 'PATCH', body: { commission_bps: 1500 } });
    expect_('user.update', `user:${player.id}`);
    await call(`/api/admin/users/${player.id}/adjust`, {
      body: { wallet_type: 'BONUS_BALANCE', amount: '25', reason: 'goodwill', idempotency_key: 'audit-test-adjust-1' },
    });
    expect_('user.adjust', `user:${player.id}`);

    await call(`/api/admin/users/${other.id}/ban`, { body: { reason: 'abuse in chat' } });
    expect_('user.ban', `user:${other.id}`);
    await call(`/api/admin/users/${other.id}/ban`, { method: 'DELETE' });
    expect_('user.unban', `user:${other.id}`);

    const lines = (await audit()).items;
    for (const want of expected) {
      const line = lines.find((l) => l.action === want.action && l.resource === want.resource);
      expect(line, `${want.action} ${want.resource}`).toBeDefined();
      expect(line!.actor.id).toBe(adminId);
    }
    // Roles and commission are two writes and two lines.
    expect(lines.filter((l) => l.action === 'user.update' && l.resource === `user:${player.id}`)).toHaveLength(2);
    // Each keeps the reason the admin typed (X-Audit-Reason); an adjustment and a ban keep their
    // body's own reason; the tournament was created by the helper, which sends none.
    const bodyReasons: Record<string, string> = { 'user.adjust': 'goodwill', 'user.ban': 'abuse in chat' };
    for (const want of expected.filter((w) => w.action !== 'tournament.create')) {
      const line = lines.find((l) => l.action === want.action && l.resource === want.resource)!;
      expect(line.reason, want.action).toBe(bodyReasons[want.action] ?? 'ticket 7 — проверка');
    }
    const paused = lines.find((l) => l.action === 'tournament.pause')!;
    expect(paused.before).toMatchObject({ status: 'running' });
    expect(paused.after).toMatchObject({ status: 'paused' });
    const disabled = lines.find((l) => l.action === 'promocode.disable')!;
    expect([disabled.before, disabled.after]).toMatchObject([{ is_active: true }, { is_active: false }]);
  });

  it('a refused write leaves no line', async () => {
    const before = (await audit()).total;
    const id = await createTournament(server.url, admin, clock);
    const refused = await request(`${server.url}/api/v1/tournament/${id}/pause`, { token: admin, method: 'POST' });
    expect(refused.status).toBe(409);
    expect((await audit()).total).toBe(before + 1); // the creation only
  });

  it('filters by actor, by action or its area, and by resource or its kind', async () => {
    const all = (await audit()).items;
    expect((await audit('&action=tournament')).items.every((l) => l.action.startsWith('tournament.'))).toBe(true);
    expect((await audit('&action=tournament')).total).toBe(all.filter((l) => l.action.startsWith('tournament.')).length);
    expect((await audit('&action=promocode.disable')).items.map((l) => l.action)).toEqual(['promocode.disable']);
    const promoLine = all.find((l) => l.action === 'promocode.create')!;
    expect((await audit(`&resource=${promoLine.resource}`)).items.map((l) => l.action).sort()).toEqual([
      'promocode.create',
      'promocode.disable',
    ]);
    expect((await audit('&resource=banner')).total).toBe(4);
    expect((await audit(`&actor=${adminId}`)).total).toBe(all.length);
    expect((await audit(`&actor=${promoLine.actor.username.toUpperCase()}`)).total).toBe(all.length);
    expect((await audit('&actor=nobody_at_all')).total).toBe(0);
  });

  it('refuses a malformed filter with 400 naming it', async () => {
    const answer = await request<{ error: { code: string; details: { field: string } } }>(
      `${server.url}/api/admin/audit?action=DROP%20TABLE`,
      { token: admin },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'request/invalid', details: { field: 'action' } });
  });
});

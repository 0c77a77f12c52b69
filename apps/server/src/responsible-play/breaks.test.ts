import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, picture } from '../admin/test-support.js';
import { playToEnd } from '../rooms/test-support.js';
import { adminToken } from '../tournaments/test-support.js';
import { request } from '../test-support/http.js';
import {
  adultPlayer,
  call,
  errorOf,
  signInAgain,
  startResponsibleServer,
  type ResponsibleServer,
  type TestPlayer,
} from '../test-support/responsible.js';

let server: ResponsibleServer;
beforeAll(async () => {
  server = await startResponsibleServer();
});
afterAll(async () => {
  await server.close();
});

const DAY = 24 * 3_600_000;
const codeOf = (answer: { status: number; body: unknown }) => [answer.status, errorOf(answer)?.code];
const room = (p: TestPlayer, bet = '100') =>
  request<{ id: number; status: string; players: { id: number }[] }>(`${server.url}/api/v1/rooms/`, {
    token: p.token,
    body: { bet_amount: bet, balance_type: 'BALANCE', player_count: 2, deck_size: 36, game_mode: 'classic' },
  });
const roomOf = async (id: number) => {
  // A fresh viewer: earlier tests move the clock past any older token's 15 minutes.
  const viewer = await adultPlayer(server);
  return request<{ id: number; status: string; seats: { player_id: number }[] }>(`${server.url}/api/v1/rooms/${id}`, {
    token: viewer.token,
  });
};
const seat = (p: TestPlayer, id: number) => request(`${server.url}/api/v1/rooms/${id}/seat`, { token: p.token, body: {} });
const ready = (p: TestPlayer, id: number) => request(`${server.url}/api/v1/rooms/${id}/ready`, { token: p.token, method: 'POST' });
const seatedIds = async (id: number) => (await roomOf(id)).body.seats.map((s) => s.player_id);

describe('take a break', () => {
  it('takes the player out of a waiting room at once and refuses seats, deposits and rewards until it ends', async () => {
    const host = await adultPlayer(server, 1000n);
    let player = await adultPlayer(server, 1000n);
    const waiting = await room(host);
    expect((await seat(player, waiting.body.id)).status).toBe(200);
    expect(await seatedIds(waiting.body.id)).toContain(player.id);

    const taken = await call(server, player, 'timeout', { days: 7 });
    expect(taken.status).toBe(200);
    const until = new Date(server.clock.now().getTime() + 7 * DAY).toISOString();
    expect(taken.body.timeout_until).toBe(until);
    expect(await seatedIds(waiting.body.id)).toEqual([host.id]);

    const refused = await seat(player, waiting.body.id);
    expect(codeOf(refused)).toEqual([403, 'limits/timeout']);
    expect(errorOf(refused)?.details).toEqual({ until });
    const deposit = await request(`${server.url}/api/payments/deposit/sandbox/BALANCE`, {
      token: player.token,
      body: { amount: 100, idempotency_key: 'break-deposit-1' },
    });
    expect(codeOf(deposit)).toEqual([403, 'limits/timeout']);
    expect(codeOf(await request(`${server.url}/api/rewards/claim_daily_reward`, { token: player.token, method: 'POST' }))).toEqual([
      403,
      'limits/timeout',
    ]);
    // No reward prompt while it lasts.
    const reward = await request<{ is_available: boolean }>(`${server.url}/api/rewards/available_reward`, { token: player.token });
    expect([reward.status, reward.body.is_available]).toEqual([200, false]);
    // Signing in, the balance and the history still work.
    expect((await request(`${server.url}/api/user/users/me`, { token: player.token })).status).toBe(200);

    // Nobody ends it early: a shorter break changes nothing; it ends by itself.
    expect((await call(server, player, 'timeout', { days: 1 })).body.timeout_until).toBe(until);
    server.clock.advance(7 * DAY);
    player = await signInAgain(server, player);
    expect((await seat(player, waiting.body.id)).status).toBe(200);
  });

  it('lets a running game finish: the player on a break plays it out and is paid', async () => {
    const a = await adultPlayer(server, 1000n);
    const b = await adultPlayer(server, 1000n);
    const running = await room(a);
    await seat(b, running.body.id);
    await ready(a, running.body.id);
    await ready(b, running.body.id);
    const started = await roomOf(running.body.id);
    expect(started.body.status, JSON.stringify(started.body)).toBe('in_progress');
    expect((await call(server, b, 'timeout', { days: 1 })).status).toBe(200);
    expect((await roomOf(running.body.id)).body.status).toBe('in_progress');
    await playToEnd(server.url, running.body.id, [a, b]);
    expect((await roomOf(running.body.id)).body.status).toBe('FINISHED');
  });

  it('hides the banners while the break lasts and shows them again after it', async () => {
    const admin = await adminToken(server.url);
    const now = server.clock.now().getTime();
    const created = await request(`${server.url}/api/banner`, {
      token: admin,
      headers: { 'x-audit-reason': 'break test banner' },
      raw: form(
        {
          name: 'Weekend cup',
          description: 'Join the cup',
          start_date: new Date(now - DAY).toISOString(),
          end_date: new Date(now + 30 * DAY).toISOString(),
        },
        { data: await picture(640, 200) },
      ),
    });
    expect(created.status).toBe(201);
    const bannerNames = async (p: TestPlayer) =>
      (await request<{ items: { name: string }[] }>(`${server.url}/api/banner`, { token: p.token })).body.items.map((b) => b.name);
    let resting = await adultPlayer(server);
    const other = await adultPlayer(server);
    expect(await bannerNames(resting)).toContain('Weekend cup');

    expect((await call(server, resting, 'timeout', { days: 1 })).status).toBe(200);
    expect(await bannerNames(resting)).toEqual([]);
    expect(await bannerNames(other)).toContain('Weekend cup');

    server.clock.advance(DAY);
    resting = await signInAgain(server, resting);
    expect(await bannerNames(resting)).toContain('Weekend cup');
  });

  it.each([[0], [2], ['7'], [null]])('refuses days = %j with 400', async (days) => {
    const player = await adultPlayer(server);
    const answer = await call(server, player, 'timeout', { days });
    expect(codeOf(answer)).toEqual([400, 'request/invalid']);
    expect((await call(server, player, 'limits')).body.timeout_until).toBeNull();
  });
});

describe('self-exclusion', () => {
  it('holds for the months chosen, cannot be shortened, and the admin sees it read-only', async () => {
    const player = await adultPlayer(server, 1000n);
    const excluded = await call(server, player, 'self-exclusion', { months: 12 });
    expect(excluded.status).toBe(200);
    const until = excluded.body.excluded_until!;
    expect(new Date(until).getTime() - server.clock.now().getTime()).toBeGreaterThanOrEqual(365 * DAY);
    expect((await call(server, player, 'self-exclusion', { months: 6 })).body.excluded_until).toBe(until);
    const spin = await request(`${server.url}/api/v1/bandit/spin`, {
      token: player.token,
      body: { bet: 10, balance_type: 'BONUS_BALANCE', idempotency_key: 'excluded-spin-1' },
    });
    expect(codeOf(spin)).toEqual([403, 'limits/self_excluded']);
    expect(errorOf(spin)?.details).toEqual({ until });

    const admin = await adminToken(server.url);
    const view = await request<{ excluded_until: string }>(`${server.url}/api/admin/users/${player.id}/responsible-play`, { token: admin });
    expect([view.status, view.body.excluded_until]).toEqual([200, until]);
    expect((await request(`${server.url}/api/admin/users/${player.id}/responsible-play`, { token: player.token })).status).toBe(403);
    expect((await request(`${server.url}/api/admin/users/999999/responsible-play`, { token: admin })).status).toBe(404);
  });

  it.each([[1], [24], ['6']])('refuses months = %j with 400', async (months) => {
    const player = await adultPlayer(server);
    expect(codeOf(await call(server, player, 'self-exclusion', { months }))).toEqual([400, 'request/invalid']);
  });
});

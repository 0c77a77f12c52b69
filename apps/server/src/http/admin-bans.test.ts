import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createRoom, newPlayer, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { roomSeats } from '../store/rooms-schema.js';
import { signInitData } from '../telegram/init-data.js';
import { request } from '../test-support/http.js';
import { testAdmin } from '../test-support/credentials.js';

interface ErrorAnswer {
  error: { code: string; details?: Record<string, unknown> };
}
interface Ban {
  id: number;
  is_banned: boolean;
  banned_until: string | null;
  ban_reason: string | null;
}

const clock = createClock();
let server: RoomsServer;
let adminToken: string;
beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { turnSeconds: 30 } });
  adminToken = (await request<{ access_token: string }>(`${server.url}/api/user/login`, { body: testAdmin })).body.access_token;
});
afterAll(async () => server?.close());

const url = (path: string) => `${server.url}${path}`;
const ban = (id: number, body: Record<string, unknown>, token = adminToken) =>
  request<Ban & ErrorAnswer>(url(`/api/admin/users/${id}/ban`), { token, body });
const unban = (id: number) => request<Ban & ErrorAnswer>(url(`/api/admin/users/${id}/ban`), { method: 'DELETE', token: adminToken });
const login = (player: TestPlayer) =>
  request<ErrorAnswer & { access_token: string }>(url('/api/user/login'), {
    body: { username: player.username, password: 'password-123' },
  });
const inAnHour = () => new Date(clock.now().getTime() + 3_600_000).toISOString();

describe('who may ban', () => {
  it('a player gets 403 before any word about the body', async () => {
    const [player, target] = [await newPlayer(server.url), await newPlayer(server.url)];
    const res = await ban(target.id, { reason: '' }, player.token);
    expect([res.status, res.body.error.code]).toEqual([403, 'auth/forbidden']);
  });

  it('an admin cannot ban themselves', async () => {
    const self = (await request<{ id: number }>(url('/api/user/users/me'), { token: adminToken })).body.id;
    expect((await ban(self, { reason: 'oops' })).body.error.code).toBe('admin/own_ban');
  });

  it('an unknown user is 404', async () => {
    expect((await ban(987_654, { reason: 'spam' })).status).toBe(404);
  });
});

describe('bad input names the field', () => {
  it.each([
    ['an empty reason', { reason: '   ' }, 'reason'],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 'reason'],
    ['no reason', {}, 'reason'],
    ['an until that is not a date', { reason: 'spam', until: 'tomorrow' }, 'until'],
    ['an until without a zone', { reason: 'spam', until: '2030-01-01T00:00:00' }, 'until'],
    ['an until in the past', { reason: 'spam', until: '2001-01-01T00:00:00Z' }, 'until'],
  ])('%s', async (_name, body, field) => {
    const target = await newPlayer(server.url);
    const res = await ban(target.id, body);
    expect([res.status, res.body.error.code, res.body.error.details?.field]).toEqual([400, 'request/invalid', field]);
    expect((await login(target)).status).toBe(200);
  });
});

describe('a ban', () => {
  it('kills the tokens at once, refuses sign-in with until, shows in the admin detail and is audited', async () => {
    const target = await newPlayer(server.url);
    const { refresh_token } = (await login(target)).body as unknown as { refresh_token: string };
    const until = inAnHour();
    const banned = await ban(target.id, { reason: 'cheating with a friend', until });
    expect(banned.status).toBe(200);
    expect(banned.body).toEqual({
      id: target.id,
      is_banned: true,
      banned_until: new Date(until).toISOString(),
      ban_reason: 'cheating with a friend',
    });

    const me = await request<ErrorAnswer>(url('/api/user/users/me'), { token: target.token });
    expect([me.status, me.body.error.code]).toEqual([401, 'auth/token_revoked']);
    const signIn = await login(target);
    expect([signIn.status, signIn.body.error.code, signIn.body.error.details?.until]).toEqual([
      403,
      'auth/banned',
      new Date(until).toISOString(),
    ]);
    const renewed = await request<ErrorAnswer>(url('/api/user/refresh'), { body: { refresh_token } });
    expect([renewed.status, renewed.body.error.code]).toEqual([403, 'auth/banned']);

    const detail = await request<Ban>(url(`/api/admin/users/${target.id}`), { token: adminToken });
    expect([detail.body.is_banned, detail.body.banned_until, detail.body.ban_reason]).toEqual([
      true,
      new Date(until).toISOString(),
      'cheating with a friend',
    ]);
    const audit = await request<{ items: { action: string; resource: string }[] }>(url('/api/admin/audit?limit=5'), { token: adminToken });
    expect(audit.body.items.some((a) => a.action === 'user.ban' && a.resource === `user:${target.id}`)).toBe(true);
  });

  it('ends by itself at until, and an unban lifts it at once (audited)', async () => {
    const [timed, lifted] = [await newPlayer(server.url), await newPlayer(server.url)];
    await ban(timed.id, { reason: 'cool down', until: inAnHour() });
    await ban(lifted.id, { reason: 'mistake' });
    expect((await login(lifted)).body.error.details?.until).toBeNull();

    const res = await unban(lifted.id);
    expect([res.status, res.body.is_banned]).toEqual([200, false]);
    expect((await login(lifted)).status).toBe(200);

    expect((await login(timed)).status).toBe(403);
    clock.advance(3_600_001);
    expect((await login(timed)).status).toBe(200);
    // The hour outlived the admin's 15-minute token.
    adminToken = (await request<{ access_token: string }>(url('/api/user/login'), { body: testAdmin })).body.access_token;
    const audit = await request<{ items: { action: string }[] }>(url('/api/admin/audit?limit=5'), { token: adminToken });
    expect(audit.body.items.map((a) => a.action)).toContain('user.unban');
  });

  it('refuses a banned user’s Telegram sign-in too', async () => {
    const telegramSignIn = () => {
      const user = JSON.stringify({ id: 777_001, first_name: 'Ban', username: 'tg_banned_one' });
      const initData = signInitData(
        { auth_date: String(Math.floor(clock.now().getTime() / 1000) - 5), user },
        server.config.telegramBotToken ?? '',
      );
      return request<ErrorAnswer & { access_token: string }>(url('/api/user/telegram/auth'), { body: { init_data: initData } });
    };
    const first = await telegramSignIn();
    expect(first.status).toBe(200);
    const { id } = (await request<{ id: number }>(url('/api/user/users/me'), { token: first.body.access_token })).body;
    await ban(id, { reason: 'bot farm' });
    const again = await telegramSignIn();
    expect([again.status, again.body.error.code]).toEqual([403, 'auth/banned']);
  });

  it('frees the banned user’s seat in a waiting room', async () => {
    const [host, guest] = [await newPlayer(server.url), await newPlayer(server.url)];
    const roomId = await createRoom(server.url, host, { player_count: 3 });
    expect((await request(url(`/api/v1/rooms/${roomId}/seat`), { token: guest.token, body: {} })).status).toBe(200);
    await ban(guest.id, { reason: 'spam' });
    const seats = await server.store.db.select({ userId: roomSeats.userId }).from(roomSeats).where(eq(roomSeats.roomId, roomId));
    expect(seats.map((s) => s.userId)).toEqual([host.id]);
  });

  // Their turns run out (the computer never plays for a banned account: FEATURES.md §17), so the game ends normally.
  it('lets the banned user’s running game go on, their turns timing out', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const roomId = await startedRoom(server.url, players);
    await ban(players[0]!.id, { reason: 'abuse' });
    await ban(players[1]!.id, { reason: 'abuse too' });
    const watch = async () => (await request<{ status: string }>(url(`/api/v1/rooms/${roomId}/watch`), { token: adminToken })).body;
    for (let i = 0; i < 400 && (await watch()).status !== 'FINISHED'; i++) {
      clock.advance(i === 0 ? 31_000 : 2_000);
      await server.module.games.fireDue();
    }
    expect((await watch()).status).toBe('FINISHED');
  });
});

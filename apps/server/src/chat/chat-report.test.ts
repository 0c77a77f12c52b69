// Reporting a player from the table's chat (FEATURES.md §11, §17) and the admins' list of reports.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

type Reply = { id?: number; error?: { code: string; details?: { field?: string } } };
type ReportPage = {
  items: {
    id: number;
    room_id: number;
    reporter: { user_id: number };
    reported: { user_id: number; username: string };
    reason: string;
    messages: { text?: string; phrase_id?: string }[];
  }[];
  total: number;
  links: { next: string | null };
};

const clock = createClock();
let server: RoomsServer;
let ann: TestPlayer;
let bob: TestPlayer;
let carl: TestPlayer;
let watcher: TestPlayer;
let stranger: TestPlayer;
let roomId: number;
let adminToken: string;
beforeAll(async () => {
  server = await startRoomsServer({ clock });
  [ann, bob, carl, watcher, stranger] = [
    await newPlayer(server.url),
    await newPlayer(server.url),
    await newPlayer(server.url),
    await newPlayer(server.url),
    await newPlayer(server.url),
  ];
  roomId = await startedRoom(server.url, [ann, bob, carl], { player_count: 3 });
  // The watcher looks at the table while its game runs; the stranger never does.
  expect((await request(`${server.url}/api/v1/rooms/${roomId}/watch`, { token: watcher.token })).status).toBe(200);
  await request(`${server.url}/api/v1/rooms/${roomId}/chat`, { token: bob.token, body: { text: 'you play like a fool' } });
  await request(`${server.url}/api/v1/rooms/${roomId}/chat`, { token: ann.token, body: { phrase_id: 'think_faster' } });
  const admin = await newPlayer(server.url, 'adm');
  adminToken = await server.services.tokens.signAccessToken(admin.id, ['player', 'admin']);
});
afterAll(async () => server?.close());

const report = (from: TestPlayer, body: unknown, room = roomId) =>
  request<Reply>(`${server.url}/api/v1/rooms/${room}/report`, { token: from.token, body });

describe('report a player', () => {
  it('once per reporter, reported player and table; a spectator may report too', async () => {
    const first = await report(ann, { user_id: bob.id, reason: 'insults' });
    expect(first.status).toBe(201);
    const again = await report(ann, { user_id: bob.id, reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('report/already_reported');
    expect((await report(watcher, { user_id: bob.id, reason: 'He called everyone a fool' })).status).toBe(201);
  });

  it.each([
    ['oneself', () => ({ user_id: ann.id, reason: 'spam' }), 'report/own_user'],
    ['someone who never sat at that table', () => ({ user_id: stranger.id, reason: 'spam' }), 'report/not_at_table'],
  ])('refuses reporting %s', async (_name, body, code) => {
    const reply = await report(ann, body());
    expect(reply.status).toBe(409);
    expect(reply.body.error?.code).toBe(code);
  });

  it.each([
    ['no user', () => ({ reason: 'spam' }), 'user_id'],
    ['a user id as a word', () => ({ user_id: 'bob', reason: 'spam' }), 'user_id'],
    ['a user id past bigint', () => ({ user_id: 2 ** 60, reason: 'spam' }), 'user_id'],
    ['no reason', () => ({ user_id: bob.id }), 'reason'],
    ['an empty reason', () => ({ user_id: bob.id, reason: '   ' }), 'reason'],
    ['a reason of 501 characters', () => ({ user_id: bob.id, reason: 'x'.repeat(501) }), 'reason'],
    ['a reason as a number', () => ({ user_id: bob.id, reason: 5 }), 'reason'],
  ])('400 naming the field for %s', async (_name, body, field) => {
    const reply = await report(watcher, body());
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('request/invalid');
    expect(reply.body.error?.details?.field).toBe(field);
  });

  it('a room id that is not one is 400 naming id', async () => {
    const reply = await request<Reply>(`${server.url}/api/v1/rooms/x1/report`, {
      token: ann.token,
      body: { user_id: bob.id, reason: 'spam' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.details?.field).toBe('id');
  });

  it('a missing room is 404', async () => {
    expect((await report(ann, { user_id: bob.id, reason: 'spam' }, 99_999_999)).status).toBe(404);
  });
});

describe('GET /api/admin/reports', () => {
  it('lists the reports newest first for an admin, each with the messages of that table; players get 403', async () => {
    expect((await request(`${server.url}/api/admin/reports`, { token: ann.token })).status).toBe(403);
    const page = await request<ReportPage>(`${server.url}/api/admin/reports?limit=1`, { token: adminToken });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.links.next).toContain('page=2');
    const [newest] = page.body.items;
    expect(newest).toMatchObject({
      room_id: roomId,
      reporter: { user_id: watcher.id },
      reported: { user_id: bob.id, username: bob.username },
      reason: 'He called everyone a fool',
    });
    expect(newest!.messages.map((m) => m.text ?? m.phrase_id)).toEqual(['you play like a fool', 'think_faster']);
    const second = await request<ReportPage>(`${server.url}/api/admin/reports?limit=1&page=2`, { token: adminToken });
    expect(second.body.items[0]).toMatchObject({ reporter: { user_id: ann.id }, reason: 'insults' });
  });

  it('a bad page is 400 naming it', async () => {
    const reply = await request<Reply>(`${server.url}/api/admin/reports?page=0`, { token: adminToken });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.details?.field).toBe('page');
  });
});

// FEATURES.md §17: one stranger filed 30 reports in 547 ms against players of finished public tables.
describe('who may report, how often and how late', () => {
  it('someone who neither sat at the table nor watched it while it ran gets 403 report/not_present', async () => {
    const reply = await report(stranger, { user_id: bob.id, reason: 'spam' });
    expect([reply.status, reply.body.error?.code]).toEqual([403, 'report/not_present']);
  });

  it('at most 5 reports a minute per reporter: the 6th is 429, a minute later it may report again', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await report(carl, { user_id: bob.id, reason: 'spam' })).status);
    expect(codes).toEqual([201, 409, 409, 409, 409, 429]);
    clock.advance(61_000);
    expect((await report(carl, { user_id: ann.id, reason: 'spam' })).status).toBe(201);
  });

  it('a game that ended more than 24 hours ago takes no more reports: 409 report/too_late', async () => {
    const [dan, eve] = [await newPlayer(server.url), await newPlayer(server.url)];
    const old = await startedRoom(server.url, [dan, eve]);
    await request(`${server.url}/api/v1/rooms/${old}/chat`, { token: eve.token, body: { text: 'hello' } });
    const ended = new Date(clock.now().getTime() - 25 * 3_600_000);
    await server.store.db.execute(sql`update rooms set status = 'FINISHED', finished_at = ${ended.toISOString()} where id = ${old}`);
    const reply = await report(dan, { user_id: eve.id, reason: 'insults' }, old);
    expect([reply.status, reply.body.error?.code]).toEqual([409, 'report/too_late']);
    await server.store.db.execute(
      sql`update rooms set finished_at = ${new Date(clock.now().getTime() - 23 * 3_600_000).toISOString()} where id = ${old}`,
    );
    expect((await report(dan, { user_id: eve.id, reason: 'insults' }, old)).status).toBe(201);
  });
});

// FEATURES.md §17: chat reports could be read but never resolved.
describe('an admin resolves a report', () => {
  type Resolved = { id: number; status: string; resolved_by: { user_id: number } | null; resolved_at: string | null };
  const resolve = (id: number, token = adminToken, reason = 'warned the player') =>
    request<Resolved & Reply>(`${server.url}/api/admin/reports/${id}/resolve`, {
      method: 'POST',
      token,
      headers: { 'x-audit-reason': encodeURIComponent(reason) },
    });
  const open = async () => (await request<ReportPage>(`${server.url}/api/admin/reports?status=open`, { token: adminToken })).body;

  it('marks it resolved by whom and when, audited with the reason; the open list loses it; a player gets 403', async () => {
    const before = await open();
    const target = before.items[0]!;
    expect((await resolve(target.id, ann.token)).status).toBe(403);
    const done = await resolve(target.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: target.id, status: 'resolved', resolved_at: clock.now().toISOString() });
    const admin = await request<{ id: number }>(`${server.url}/api/user/users/me`, { token: adminToken });
    expect(done.body.resolved_by?.user_id).toBe(admin.body.id);
    const after = await open();
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((r) => r.id)).not.toContain(target.id);
    const resolved = await request<{ items: { id: number; status: string }[] }>(`${server.url}/api/admin/reports?status=resolved`, {
      token: adminToken,
    });
    expect(resolved.body.items).toEqual([expect.objectContaining({ id: target.id, status: 'resolved' })]);
    const audit = await request<{ items: { action: string; resource: string; reason: string | null }[] }>(`${server.url}/api/admin/audit`, {
      token: adminToken,
    });
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({ action: 'report.resolve', resource: `report:${target.id}`, reason: 'warned the player' }),
    );
    // Again: nothing changes, no second audit line.
    expect((await resolve(target.id)).body.resolved_at).toBe(done.body.resolved_at);
  });

  it('an unknown report is 404 report/not_found', async () => {
    const reply = await resolve(987_654);
    expect([reply.status, reply.body.error?.code]).toEqual([404, 'report/not_found']);
  });
});

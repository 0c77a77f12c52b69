// Reporting a player from the table's chat (FEATURES.md §11) and the admins' list of reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

type Reply = { id?: number; error?: { code: string; details?: { field?: string } } };
type ReportPage = {
  items: {
    room_id: number;
    reporter: { user_id: number };
    reported: { user_id: number; username: string };
    reason: string;
    messages: { text?: string; phrase_id?: string }[];
  }[];
  total: number;
  links: { next: string | null };
};

let server: RoomsServer;
let ann: TestPlayer;
let bob: TestPlayer;
let watcher: TestPlayer;
let stranger: TestPlayer;
let roomId: number;
let adminToken: string;
beforeAll(async () => {
  server = await startRoomsServer();
  [ann, bob, watcher, stranger] = [
    await newPlayer(server.url),
    await newPlayer(server.url),
    await newPlayer(server.url),
    await newPlayer(server.url),
  ];
  roomId = await createRoom(server.url, ann, { player_count: 3 });
  await request(`${server.url}/api/v1/rooms/${roomId}/seat`, { token: bob.token, body: {} });
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

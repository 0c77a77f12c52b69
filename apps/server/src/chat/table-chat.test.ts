// Table chat (FEATURES.md §11) with real realtime clients: who may write, what the others see
// live and after a reload, the masking and the per-user limit.
import { sql } from 'drizzle-orm';
import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../realtime/test-support.js';
import { createClock, createRoom, listen, newPlayer, type Captured, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { queryRows } from '../store/db.js';
import { request } from '../test-support/http.js';

type ChatReply = {
  id: number;
  from: { user_id: number; username: string };
  phrase_id?: string;
  text?: string;
  at: string;
  error?: { code: string; details?: { field?: string } };
};
type HistoryReply = { items: ChatReply[]; error?: { code: string } };

const clock = createClock();
let server: RoomsServer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer({ clock });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
});

const say = (p: TestPlayer, roomId: number, body: unknown) =>
  request<ChatReply>(`${server.url}/api/v1/rooms/${roomId}/chat`, { token: p.token, body });
const history = (p: TestPlayer, roomId: number) => request<HistoryReply>(`${server.url}/api/v1/rooms/${roomId}/chat`, { token: p.token });
const chatOf = (captured: Captured[], receiver: number) =>
  captured.filter((c) => c.receiver === receiver && c.data.type === 'chat').map((c) => c.data);

/** A table of three seats with `seated` players on it. */
async function table(seated: number): Promise<{ id: number; players: TestPlayer[] }> {
  const players: TestPlayer[] = [];
  for (let i = 0; i < seated; i++) players.push(await newPlayer(server.url, 'chat'));
  const id = await createRoom(server.url, players[0]!, { player_count: 3 });
  for (const p of players.slice(1))
    expect((await request(`${server.url}/api/v1/rooms/${id}/seat`, { token: p.token, body: {} })).status).toBe(200);
  return { id, players };
}

describe('table chat', () => {
  it('a phrase and a text reach both players and a spectator live, in order, with the swear words masked', async () => {
    const { id, players } = await table(2);
    const [ann, bob] = players as [TestPlayer, TestPlayer];
    const watcher = await newPlayer(server.url, 'watch');
    const captured: Captured[] = [];
    for (const p of [ann, bob, watcher]) clients.push(await listen(server.wsUrl, p, [`room:${id}`], captured));

    const phrase = await say(ann, id, { phrase_id: 'good_luck' });
    expect(phrase.status).toBe(200);
    const text = await say(bob, id, { text: '  ну ты и пиздец, asshole  ' });
    expect(text.status).toBe(200);
    expect(text.body.text).toBe('ну ты и ******, *******');

    for (const p of [ann, bob, watcher]) await until(() => chatOf(captured, p.id).length === 2);
    for (const p of [ann, bob, watcher]) {
      expect(chatOf(captured, p.id)).toEqual([
        {
          type: 'chat',
          room_id: id,
          id: phrase.body.id,
          from: { user_id: ann.id, username: ann.username },
          phrase_id: 'good_luck',
          at: phrase.body.at,
        },
        {
          type: 'chat',
          room_id: id,
          id: text.body.id,
          from: { user_id: bob.id, username: bob.username },
          text: 'ну ты и ******, *******',
          at: text.body.at,
        },
      ]);
    }
    // The spectator reads but may not write.
    const refused = await say(watcher, id, { phrase_id: 'hello' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('chat/spectator_read_only');
    expect((await history(watcher, id)).body.items.map((m) => m.phrase_id ?? m.text)).toEqual(['good_luck', 'ну ты и ******, *******']);
  });

  it('a player who drops gets what was said meanwhile on reconnect, and a reload gets the last 50 from the server', async () => {
    const { id, players } = await table(3);
    const [ann, bob, cid] = players as [TestPlayer, TestPlayer, TestPlayer];
    const captured: Captured[] = [];
    const bobClient = await listen(server.wsUrl, bob, [`room:${id}`], captured);
    clients.push(bobClient, await listen(server.wsUrl, cid, [`room:${id}`], captured));

    expect((await say(ann, id, { text: 'first' })).status).toBe(200);
    await until(() => chatOf(captured, bob.id).length === 1);
    bobClient.disconnect();
    expect((await say(cid, id, { text: 'said while bob was away' })).status).toBe(200);
    await until(() => chatOf(captured, cid.id).length === 2);
    bobClient.connect();
    await until(() => chatOf(captured, bob.id).length === 2);
    expect(chatOf(captured, bob.id).map((m) => m.text)).toEqual(['first', 'said while bob was away']);

    // 60 more messages, 5 per 10 s window as the limit allows: the history keeps the last 50, oldest first.
    for (let i = 0; i < 60; i++) {
      if (i % 5 === 0) clock.advance(10_001);
      const speaker = [ann, bob, cid][i % 3]!;
      expect((await say(speaker, id, { text: `line ${i}` })).status).toBe(200);
    }
    const last = await history(bob, id);
    expect(last.status).toBe(200);
    expect(last.body.items).toHaveLength(50);
    expect(last.body.items[0]!.text).toBe('line 10');
    expect(last.body.items.at(-1)!.text).toBe('line 59');
    expect(last.body.items.at(-1)!.from).toEqual({ user_id: cid.id, username: cid.username });
  });

  it('allows 5 messages per 10 s per user, across tables, then 429 until the window has passed', async () => {
    const first = await table(1);
    const [ann] = first.players as [TestPlayer];
    const otherTable = await createRoom(server.url, ann, { player_count: 2 });
    const bob = await newPlayer(server.url);
    clock.advance(10_001);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await say(ann, first.id, { phrase_id: 'oops' })).status);
    const sixth = await say(ann, otherTable, { phrase_id: 'oops' });
    expect([...statuses, sixth.status]).toEqual([200, 200, 200, 200, 200, 429]);
    expect(sixth.body.error?.code).toBe('request/rate_limited');
    // Another player at that table is not held back by ann's messages.
    expect((await request(`${server.url}/api/v1/rooms/${otherTable}/seat`, { token: bob.token, body: {} })).status).toBe(200);
    expect((await say(bob, otherTable, { phrase_id: 'hello' })).status).toBe(200);
    clock.advance(10_001);
    expect((await say(ann, first.id, { phrase_id: 'sorry' })).status).toBe(200);
    expect((await history(ann, first.id)).body.items).toHaveLength(6);
  });

  it('lists at least 12 phrases, each with its translation key', async () => {
    const p = await newPlayer(server.url);
    const list = await request<{ items: { id: string; key: string }[] }>(`${server.url}/api/v1/chat/phrases`, { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThanOrEqual(12);
    expect(list.body.items).toContainEqual({ id: 'good_game', key: 'tableChat.phrases.good_game' });
    expect((await request(`${server.url}/api/v1/chat/phrases`)).status).toBe(401);
  });

  it('a missing room is 404, and a private room’s chat is read only with its password', async () => {
    const p = await newPlayer(server.url);
    expect((await say(p, 99_999_999, { phrase_id: 'hello' })).status).toBe(404);
    expect((await history(p, 99_999_999)).status).toBe(404);
    const host = await newPlayer(server.url);
    const id = await createRoom(server.url, host, { password: 'secret-1' });
    expect((await say(host, id, { phrase_id: 'hello' })).status).toBe(200);
    expect((await history(p, id)).body.error?.code).toBe('room/password_required');
    const withPassword = await request<HistoryReply>(`${server.url}/api/v1/rooms/${id}/chat`, {
      token: p.token,
      headers: { 'x-room-password': 'secret-1' },
    });
    expect(withPassword.body.items).toHaveLength(1);
  });
});

describe('table chat: bad input is 400 naming the field and stores nothing', () => {
  let room: { id: number; players: TestPlayer[] };
  beforeAll(async () => {
    room = await table(2);
  });
  const count = async () => (await queryRows<{ n: string }>(server.store.db, sql`select count(*)::text as n from chat_messages`))[0]!.n;

  it.each([
    ['neither a phrase nor a text', {}, 'text'],
    ['both a phrase and a text', { phrase_id: 'hello', text: 'hi' }, 'text'],
    ['a phrase that does not exist', { phrase_id: 'insult_mother' }, 'phrase_id'],
    ['a phrase id as a number', { phrase_id: 3 }, 'phrase_id'],
    ['an empty text', { text: '' }, 'text'],
    ['a text of spaces only', { text: '    ' }, 'text'],
    ['a text of 201 characters', { text: 'я'.repeat(201) }, 'text'],
    ['a text with a newline', { text: 'two\nlines' }, 'text'],
    ['a text with a bell character', { text: 'ding\u0007' }, 'text'],
    ['a text with a terminal escape', { text: '\u001b[2Jboo' }, 'text'],
    ['a text as a number', { text: 42 }, 'text'],
    ['a megabyte of text', { text: 'a'.repeat(60_000) }, 'text'],
  ])('%s', async (_name, body, field) => {
    const before = await count();
    const reply = await say(room.players[0]!, room.id, body);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('request/invalid');
    expect(reply.body.error?.details?.field).toBe(field);
    expect(await count()).toBe(before);
  });

  it('a text of exactly 200 characters after trimming is taken', async () => {
    const reply = await say(room.players[1]!, room.id, { text: `  ${'ы'.repeat(200)}  ` });
    expect(reply.status).toBe(200);
    expect(reply.body.text).toHaveLength(200);
  });

  it.each([
    ['sending to', 'abc', { phrase_id: 'hello' }],
    ['reading', 'abc', undefined],
    ['sending to a room id past bigint', '99999999999999999999', { phrase_id: 'hello' }],
    ['reading a negative room id', '-3', undefined],
  ])('%s a room whose id is not one is 400 naming id', async (_name, id, body) => {
    const reply = await request<ChatReply>(`${server.url}/api/v1/rooms/${id}/chat`, {
      token: room.players[0]!.token,
      ...(body ? { body } : {}),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.details?.field).toBe('id');
  });

  it('a body that is not JSON is 415, not a 500', async () => {
    const reply = await request<ChatReply>(`${server.url}/api/v1/rooms/${room.id}/chat`, {
      token: room.players[0]!.token,
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(reply.status).toBe(415);
  });

  // FEATURES.md §17: bidi overrides and invisible-only messages used to be stored and shown.
  it.each([
    ['a bidi override', 'gg \u202Ewp'],
    ['zero-width characters only', '\u200B\u200B\u2060'],
    ['a tag character', 'hi\u{E0041}'],
  ])('%s is 400 chat/invalid_text naming text, and nothing is stored', async (_name, text) => {
    const before = (await history(room.players[0]!, room.id)).body.items.length;
    const reply = await say(room.players[0]!, room.id, { text });
    expect([reply.status, reply.body.error?.code, reply.body.error?.details?.field]).toEqual([400, 'chat/invalid_text', 'text']);
    expect((await history(room.players[0]!, room.id)).body.items).toHaveLength(before);
  });

  it('a disguised swear is stored masked, the zero-width space gone', async () => {
    const reply = await say(room.players[0]!, room.id, { text: 'f\u200Buck сyка fuuuck' });
    expect(reply.body.text).toBe('**** **** ******');
  });
});

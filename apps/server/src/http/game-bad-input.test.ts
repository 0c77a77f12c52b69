// The game API's half of "bad input gets 400 naming the field and changes nothing": every
// body field of the room and action calls, with wrong types, out-of-range numbers (an int4 column
// behind a JS number must never turn into a database error) and paths that are not room ids.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../store/db.js';
import { classicRoom, createRoom, newPlayer, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

type ErrorReply = { error: { code: string; message: string; details?: { field?: string } } };

let server: RoomsServer;
let players: TestPlayer[];
let pendingRoom: number;
let runningRoom: number;
beforeAll(async () => {
  server = await startRoomsServer();
  players = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
  pendingRoom = await createRoom(server.url, players[2]!, { player_count: 3 });
  runningRoom = await startedRoom(server.url, players.slice(0, 2));
});
afterAll(async () => server?.close());

/** What an accepted bad request would have changed: rooms, seats, game steps and money. */
async function footprint(): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    server.store.db,
    sql`select (select count(*) from rooms) as rooms, (select count(*) from room_seats) as seats,
               (select coalesce(max(seq), 0) from game_events) as seq, (select count(*) from ledger_transfers) as transfers`,
  );
  return JSON.stringify(row);
}

const huge = 3_000_000_000; // past int4
const card = { suit: 'hearts', rank: '6' };

const cases: { name: string; path: () => string; body: unknown; field: string }[] = [
  { name: 'a room with a bet as a word', path: () => '/api/v1/rooms/', body: { ...classicRoom, bet_amount: 'lots' }, field: 'bet_amount' },
  { name: 'a room for seven players', path: () => '/api/v1/rooms/', body: { ...classicRoom, player_count: 7 }, field: 'player_count' },
  { name: 'a room with a 40-card deck', path: () => '/api/v1/rooms/', body: { ...classicRoom, deck_size: 40 }, field: 'deck_size' },
  {
    name: 'a room with an unknown wallet',
    path: () => '/api/v1/rooms/',
    body: { ...classicRoom, balance_type: 'GOLD' },
    field: 'balance_type',
  },
  {
    name: 'a room with a string flag',
    path: () => '/api/v1/rooms/',
    body: { ...classicRoom, is_speed_mode: 'yes' },
    field: 'is_speed_mode',
  },
  {
    name: 'a room with a scripted permission',
    path: () => '/api/v1/rooms/',
    body: { ...classicRoom, card_transfer_permission: '<script>' },
    field: 'card_transfer_permission',
  },
  { name: 'a seat at a text position', path: () => `/api/v1/rooms/${pendingRoom}/seat`, body: { position: 'left' }, field: 'position' },
  { name: 'a seat at a huge position', path: () => `/api/v1/rooms/${pendingRoom}/seat`, body: { position: huge }, field: 'position' },
  { name: 'an attack without cards', path: () => `/api/v1/rooms/${runningRoom}/attack`, body: {}, field: 'cards' },
  {
    name: 'an attack with a joker',
    path: () => `/api/v1/rooms/${runningRoom}/attack`,
    body: { cards: [{ suit: 'stars', rank: '6' }] },
    field: 'cards.0.suit',
  },
  { name: 'a defence without a card', path: () => `/api/v1/rooms/${runningRoom}/defence`, body: { slot_id: 1 }, field: 'card' },
  { name: 'a transfer with a card as text', path: () => `/api/v1/rooms/${runningRoom}/transfer`, body: { card: '6H' }, field: 'card' },
  { name: 'an action with a negative seq', path: () => `/api/v1/rooms/${runningRoom}/beat`, body: { seq: -1 }, field: 'seq' },
  { name: 'a catch of a text slot', path: () => `/api/v1/rooms/${runningRoom}/catch`, body: { slot_id: 'first' }, field: 'slot_id' },
  {
    name: 'an emoji with a huge id',
    path: () => `/api/v1/send-emoji/${runningRoom}/`,
    body: { recipient: { player_id: 1, username: 'x' }, emoji: huge },
    field: 'emoji',
  },
  { name: 'an emoji without a recipient', path: () => `/api/v1/send-emoji/${runningRoom}/`, body: { emoji: 1 }, field: 'recipient' },
];

describe('bad input on the game API gets 400 naming the field and changes nothing', () => {
  it.each(cases)('$name', async ({ path, body, field }) => {
    const before = await footprint();
    const res = await request<ErrorReply>(`${server.url}${path()}`, { body, token: players[0]!.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request/invalid');
    expect(res.body.error.details?.field).toBe(field);
    expect(await footprint()).toBe(before);
  });

  it('a defence of a slot far past any table is a rule refusal, not a database error', async () => {
    const before = await footprint();
    const res = await request<ErrorReply>(`${server.url}/api/v1/rooms/${runningRoom}/defence`, {
      body: { slot_id: huge, card },
      token: players[1]!.token,
    });
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toMatch(/^rule\//);
    expect(await footprint()).toBe(before);
  });

  it.each(['abc', '-1', '0', '1.5', String(huge)])('room id %s in the path is refused without touching the database', async (id) => {
    const res = await request<ErrorReply>(`${server.url}/api/v1/rooms/${id}/watch`, { token: players[0]!.token });
    expect([400, 404]).toContain(res.status);
    expect(res.body.error.code).toMatch(/^(request\/invalid|room\/not_found)$/);
  });
});

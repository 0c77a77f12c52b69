import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { adminToken, createTournament, playGame, registerAll } from './test-support.js';

// FEATURES.md §10: a player with no page open when the round started is taken to their table on
// the next load; the table knows it is a tournament's (no bet pill, no rematch).
const clock = createClock(Date.parse('2026-11-02T12:00:00Z'));
let server: RoomsServer;
let admin: string;

beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { tournamentBreakSeconds: 10 } });
  admin = await adminToken(server.url);
});
afterAll(async () => server?.close());

type Seat = { seat: { tournament_id: number; tournament_name: string; round: number; room_id: number } | null };

describe('GET /api/v1/tournament/seat', () => {
  it('is null until the round seats the player, then names the table until its game ends', async () => {
    const field = await Promise.all([0, 1].map(() => newPlayer(server.url, 'seat')));
    const id = await createTournament(server.url, admin, clock, { name: 'Seat cup', room_size: 2, min_players: 2 });
    await registerAll(server.url, id, field);
    const before = await request<Seat>(`${server.url}/api/v1/tournament/seat`, { token: field[0]!.token });
    expect(before.status).toBe(200);
    expect(before.body.seat).toBeNull();

    clock.advance(61_000);
    await server.services.tournaments.fireDue();
    const seated = await request<Seat>(`${server.url}/api/v1/tournament/seat`, { token: field[0]!.token });
    expect(seated.body.seat).toMatchObject({ tournament_id: id, tournament_name: 'Seat cup', round: 1 });
    const roomId = seated.body.seat!.room_id;
    const other = await request<Seat>(`${server.url}/api/v1/tournament/seat`, { token: field[1]!.token });
    expect(other.body.seat?.room_id).toBe(roomId);

    const room = await request<{ tournament_id: number | null; bet_amount: string }>(`${server.url}/api/v1/rooms/${roomId}`, {
      token: field[0]!.token,
    });
    expect(room.body.tournament_id).toBe(id);

    await playGame(server, roomId);
    const after = await request<Seat>(`${server.url}/api/v1/tournament/seat`, { token: field[0]!.token });
    expect(after.body.seat).toBeNull();
  });

  it('refuses a caller without a session', async () => {
    expect((await request(`${server.url}/api/v1/tournament/seat`, {})).status).toBe(401);
  });
});

describe('a tournament’s place info', () => {
  it('answers {items, links} like every list', async () => {
    const id = await createTournament(server.url, admin, clock);
    const places = await request<{ items: unknown[]; links: { next: string | null; previous: string | null } }>(
      `${server.url}/api/v1/admin/tournament/${id}/place/info`,
      { token: admin },
    );
    expect(places.status).toBe(200);
    expect(places.body).toEqual({ items: [], links: { next: null, previous: null } });
  });
});

describe('a lobby room', () => {
  it('says it belongs to no tournament', async () => {
    const p = await newPlayer(server.url, 'lob');
    const created = await request<{ id: number; tournament_id: number | null }>(`${server.url}/api/v1/rooms/`, {
      token: p.token,
      body: { bet_amount: '100', player_count: 2, deck_size: 36 },
    });
    expect(created.status).toBeLessThan(300);
    expect(created.body.tournament_id).toBeNull();
  });
});

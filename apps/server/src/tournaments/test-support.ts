import { asRoomId, asUserId } from '@durak/protocol';
import { chooseAction, legalActions } from '@durak/engine';
import { and, eq, sql } from 'drizzle-orm';
import { toMove } from '../games/test-support.js';
import { rng, type RoomsNode as RoomsServer, type TestClock, type TestPlayer } from '../rooms/test-support.js';
import { rooms } from '../store/rooms-schema.js';
import { request } from '../test-support/http.js';
import { testAdmin } from '../test-support/credentials.js';
import { tournaments } from '../store/tournaments-schema.js';
import type { TournamentsService } from './tournaments-service.js';

export async function adminToken(url: string): Promise<string> {
  const login = await request<{ access_token: string }>(`${url}/api/user/login`, { body: testAdmin });
  return login.body.access_token;
}

/** A valid creation body starting a minute after the clock; override what the test is about. */
export function tournamentBody(clock: TestClock, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Sunday knockout',
    buy_in: '100',
    balance_type: 'BONUS_BALANCE',
    starts_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    min_players: 2,
    max_players: 64,
    room_size: 4,
    deck_size: 36,
    payout_preset_id: 2,
    ...overrides,
  };
}

export async function createTournament(
  url: string,
  token: string,
  clock: TestClock,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const created = await request<{ id: number }>(`${url}/api/v1/tournament/`, { token, body: tournamentBody(clock, overrides) });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

export async function registerAll(url: string, tournamentId: number, players: readonly TestPlayer[]): Promise<void> {
  for (const p of players) {
    const answer = await request(`${url}/api/v1/tournament/registration`, { token: p.token, body: { tournament_id: tournamentId } });
    if (answer.status !== 200) throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/**
 * Plays one running game to its end through the game service (the same path as the HTTP
 * actions, without the HTTP round trips): each player reads its own view and the engine's simple
 * bot picks a legal move. `absent` players never act: the test's clock and the room sweeper
 * hand them to the stand-in, as the server would.
 */
export async function playGame(
  server: RoomsServer,
  roomId: number,
  random = rng(11),
  absent: ReadonlySet<number> = new Set(),
  clock?: TestClock,
): Promise<number> {
  const games = server.module.games;
  for (let step = 0; step < 5000; step++) {
    let acted = false;
    const [room] = await server.store.db
      .select({ status: rooms.status, players: sql<string[]>`${rooms.gameState}->'players'` })
      .from(rooms)
      .where(eq(rooms.id, roomId));
    if (!room || room.status === 'FINISHED') return step;
    for (const player of room.players.map(Number)) {
      if (absent.has(player)) continue;
      const view = await games.view(asUserId(player), asRoomId(roomId));
      if (!view.ok) return step;
      if (view.value.status === 'FINISHED') return step;
      let legal = legalActions(view.value, String(player));
      for (;;) {
        const choice = chooseAction(view.value, legal, random);
        if (!choice) break;
        const done = await games.act(asUserId(player), asRoomId(roomId), toMove(choice), view.value.seq);
        if (done.ok) acted = true;
        else if (done.error.code.startsWith('rule/') && done.error.code !== 'rule/stale_seq') {
          // Secret trump: the view cannot tell trumps apart, so a defence may be refused; try another.
          legal = legal.filter((a) => a !== choice);
          continue;
        }
        break;
      }
    }
    if (!acted) {
      if (!clock) throw new Error(`room ${roomId}: nobody could act`);
      // Only absent players are awaited: their turn timer runs out, then the computer plays their
      // seat at its pause (the stand-in); small steps keep the test's tokens within their lifetime.
      clock.advance(2_000);
      await games.fireDue();
    }
  }
  throw new Error(`room ${roomId} did not end`);
}

/** Runs a started tournament to its end: plays every running game, then lets the break pass. */
export async function playTournament(
  server: RoomsServer,
  service: TournamentsService,
  id: number,
  clock: TestClock,
  random = rng(5),
): Promise<{ rounds: number; games: number }> {
  let games = 0;
  for (let guard = 0; guard < 100; guard++) {
    const [t] = await server.store.db.select().from(tournaments).where(eq(tournaments.id, id));
    if (!t) throw new Error(`no tournament ${id}`);
    if (t.status === 'finished' || t.status === 'cancelled') return { rounds: t.round, games };
    const running = await server.store.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.tournamentId, id), sql`${rooms.status} <> 'FINISHED'`));
    for (const room of running) {
      await playGame(server, room.id, random);
      games++;
    }
    if (running.length === 0) {
      clock.advance(server.config.rooms.tournamentBreakSeconds * 1000 + 1000);
      await service.fireDue();
    }
  }
  throw new Error(`tournament ${id} did not end`);
}

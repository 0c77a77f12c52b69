import { asRoomId, asUserId } from '@durak/protocol';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { RoomsNode, TestClock } from '../rooms/test-support.js';
import type { Services } from '../services.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import { createTournament } from './test-support.js';

/** The part of a running node the arena's helpers read: its store, rooms and tournaments. */
type RoomsServer = RoomsNode & { readonly services: Pick<Services, 'tournaments'> };

/** An arena of 10 arena minutes at tables of two, starting a minute after the clock. */
export function createArena(url: string, token: string, clock: TestClock, overrides: Record<string, unknown> = {}): Promise<number> {
  return createTournament(url, token, clock, {
    name: 'Evening arena',
    format: 'arena',
    duration_minutes: 10,
    table_size: 2,
    room_size: undefined,
    ...overrides,
  });
}

/** The arena's unfinished games, each with its players. */
export async function arenaTables(server: RoomsServer, id: number): Promise<{ roomId: number; players: number[] }[]> {
  const seats = await server.store.db
    .select({ roomId: rooms.id, userId: roomSeats.userId })
    .from(rooms)
    .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.id))
    .where(and(eq(rooms.tournamentId, id), sql`${rooms.status} <> 'FINISHED'`))
    .orderBy(rooms.id, roomSeats.position);
  const tables = new Map<number, number[]>();
  for (const s of seats) tables.set(s.roomId, [...(tables.get(s.roomId) ?? []), s.userId]);
  return [...tables].map(([roomId, players]) => ({ roomId, players }));
}

/** One player gives up: the game ends at once at a table of two. */
export async function surrender(server: RoomsServer, userId: number, roomId: number): Promise<void> {
  const done = await server.module.games.act(asUserId(userId), asRoomId(roomId), { type: 'surrender' });
  if (!done.ok) throw new Error(`surrender of ${userId} in room ${roomId}: ${done.error.code}`);
}

/** Every entry's arena columns, by user. */
export async function arenaEntries(server: RoomsServer, id: number) {
  const rows = await server.store.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** Lets the pairing's delay pass and runs the sweep, as a node's sweeper would. */
export async function sweepAfter(server: RoomsServer, clock: TestClock, ms: number): Promise<void> {
  clock.advance(ms);
  await server.services.tournaments.fireDue();
}

export async function arenaRow(server: RoomsServer, id: number) {
  const [row] = await server.store.db.select().from(tournaments).where(eq(tournaments.id, id));
  return row!;
}

/** How many players sit at two unfinished tables at once (must stay 0). */
export async function doublySeated(server: RoomsServer, id: number): Promise<number> {
  const tables = await arenaTables(server, id);
  const seen = new Set<number>();
  let twice = 0;
  for (const table of tables)
    for (const p of table.players) {
      if (seen.has(p)) twice++;
      seen.add(p);
    }
  const entries = await server.store.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, id), isNotNull(tournamentEntries.currentRoomId)));
  if ((entries[0]?.n ?? 0) !== seen.size) twice += Math.abs((entries[0]?.n ?? 0) - seen.size);
  return twice;
}

import type { ArenaStanding } from '@durak/protocol';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import { tournamentEntries } from '../store/tournaments-schema.js';
import type { FreePlayer } from './arena-rules.js';

/** The board's order in SQL, as `compareStanding` has it: points, wins, fewer games, the earlier score. */
const boardOrder = sql`${tournamentEntries.points} desc, ${tournamentEntries.wins} desc, ${tournamentEntries.games} asc, ${tournamentEntries.scoredAt} asc nulls last, ${tournamentEntries.userId} asc`;

/** A page of an arena's board, each line with its place. */
export async function arenaStandings(
  db: Db | Tx,
  tournamentId: number,
  page: number,
  limit: number,
): Promise<{ items: ArenaStanding[]; hasNext: boolean }> {
  const rows = await db
    .select({
      e: tournamentEntries,
      username: users.username,
      avatar: users.avatarUrl,
      place: sql<number>`(row_number() over (order by ${boardOrder}))::int`,
    })
    .from(tournamentEntries)
    .innerJoin(users, eq(users.id, tournamentEntries.userId))
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.isRegistered, true)))
    .orderBy(boardOrder)
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return {
    items: rows.slice(0, limit).map((r) => ({
      place: r.e.place ?? r.place,
      user_id: r.e.userId,
      username: r.username,
      avatar: r.avatar,
      points: r.e.points,
      games: r.e.games,
      wins: r.e.wins,
      streak: r.e.streak,
      playing: r.e.currentRoomId !== null,
      paused: r.e.isPaused,
    })),
    hasNext: rows.length > limit,
  };
}

/** The registered players who wait for a table (not playing, not paused), with their last table's others. */
export async function freePlayersOf(tx: Tx, tournamentId: number): Promise<FreePlayer[]> {
  const free = await tx
    .select({ userId: tournamentEntries.userId, freeSince: tournamentEntries.freeSince, lastRoomId: tournamentEntries.lastRoomId })
    .from(tournamentEntries)
    .where(
      and(
        eq(tournamentEntries.tournamentId, tournamentId),
        eq(tournamentEntries.isRegistered, true),
        eq(tournamentEntries.isPaused, false),
        isNull(tournamentEntries.currentRoomId),
      ),
    )
    .orderBy(asc(tournamentEntries.userId));
  const lastRooms = [...new Set(free.map((f) => f.lastRoomId).filter((id): id is number => id !== null))];
  const seats = lastRooms.length
    ? await tx.select({ roomId: roomSeats.roomId, userId: roomSeats.userId }).from(roomSeats).where(inArray(roomSeats.roomId, lastRooms))
    : [];
  return free.map((f) => ({
    userId: f.userId,
    freeSince: f.freeSince?.getTime() ?? 0,
    lastTable: seats.filter((s) => s.roomId === f.lastRoomId && s.userId !== f.userId).map((s) => s.userId),
  }));
}

import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../store/db.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import type { Outbox } from '../publishing/outbox.js';
import { roomOptionColumns, seatsOfRoom, type RoomOptions } from '../room-core/room-store.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';
import type { StartGame } from '../room-core/room-seams.js';

/** A room whose players another domain chose (a tournament's draw): seated in this order, all ready. */
export interface SeatedRoomRequest {
  /** The game options, as the API names them. */
  readonly options: RoomOptions;
  readonly balanceType: string;
  readonly creatorId: number;
  /** Seat 0 first. */
  readonly players: readonly number[];
  readonly tournament: { readonly id: number; readonly round: number };
}

/**
 * What the tournaments ask of the rooms (FEATURES.md §1): their games are ordinary rooms, and only
 * the rooms write the rooms' rows and start their games.
 */
export interface SeatedRooms {
  /**
   * In the caller's transaction: the room without a stake, every player seated and ready, and its
   * game started through the rooms' own start; answers the room's id.
   */
  openSeatedRoom(tx: Tx, outbox: Outbox, request: SeatedRoomRequest, now: Date): Promise<number>;
  /**
   * Locks the tournament's unfinished rooms in id order. A finishing game takes its room, then its
   * tournament: a write that stops the rooms takes them in that order too, or the two could deadlock.
   */
  lockTournamentRooms(tx: Tx, tournamentId: number): Promise<void>;
  /** Stops the tournament's unfinished games without results (they had no stake) and tells their channels. */
  closeTournamentRooms(tx: Tx, outbox: Outbox, tournamentId: number, now: Date): Promise<void>;
}

/** `startGame` comes from games, passed in at wiring (rooms/rooms-module.ts) as for every room. */
export function createSeatedRooms(config: RoomsConfig, startGame: StartGame): SeatedRooms {
  const isTournamentRunning = (tournamentId: number) => and(eq(rooms.tournamentId, tournamentId), ne(rooms.status, 'FINISHED'));
  return {
    async openSeatedRoom(tx, outbox, request, now) {
      const [room] = await tx
        .insert(rooms)
        .values({
          status: 'ready',
          creatorId: request.creatorId,
          betAmount: 0n,
          balanceType: request.balanceType,
          playerCount: request.players.length,
          ...roomOptionColumns(request.options),
          tournamentId: request.tournament.id,
          tournamentRound: request.tournament.round,
        })
        .returning();
      await tx
        .insert(roomSeats)
        .values(request.players.map((userId, position) => ({ roomId: room!.id, position, userId, isReady: true, seatedAt: now })));
      const started = await startGame(tx, room!, await seatsOfRoom(tx, room!.id), { now, config, outbox });
      // Nobody stakes anything, so nobody can be short of it.
      if (!started.started) throw new Error(`tournament ${request.tournament.id} room ${room!.id} did not start`);
      return room!.id;
    },

    async lockTournamentRooms(tx, tournamentId) {
      await tx.select({ id: rooms.id }).from(rooms).where(isTournamentRunning(tournamentId)).orderBy(asc(rooms.id)).for('update');
    },

    async closeTournamentRooms(tx, outbox, tournamentId, now) {
      const stopped = await tx
        .update(rooms)
        .set({ status: 'FINISHED', expiresAt: null, finishedAt: now })
        .where(isTournamentRunning(tournamentId))
        .returning({ id: rooms.id, seq: rooms.seq });
      for (const room of stopped) outbox.toRoom(room.id, { type: 'room_closed', room_id: room.id, seq: room.seq });
    },
  };
}

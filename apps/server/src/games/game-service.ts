import type { Action, Card } from '@durak/engine';
import type { RoomId, UserId } from '@durak/protocol';
import { failure, ok, type Result } from '../shared/result.js';
import { gameStateOf, lockRoom, lockRoomForMove } from '../room-core/room-store.js';
import { inRoomTransaction, type DomainContext } from '../room-core/domain-context.js';
import type { SeatsBeforeStart } from '../room-core/room-seams.js';
import { createApplyInRoom } from './game-moves.js';
import { createGameReads, type GameReads } from './game-reads.js';
import { createGameTimers } from './game-timers.js';
import { createSeatLifecycle, type SeatLifecycle } from './seat-lifecycle.js';

/** A player's move as the HTTP API takes it; the player is the caller. */
export type PlayerMove =
  | { readonly type: 'attack'; readonly cards: readonly Card[] }
  | { readonly type: 'defence'; readonly slot_id: number; readonly card: Card }
  | { readonly type: 'transfer'; readonly card: Card }
  | { readonly type: 'catch'; readonly slot_id: number }
  | { readonly type: 'beat' | 'take' | 'surrender' };

/**
 * The move path's ids are typed (`UserId`, `RoomId` of @durak/protocol, made at the edges: the
 * route's path parser, the verified token), so a room's id cannot stand where a user's is meant.
 * `presenceChanged` and `leaveWaitingRoom` are called with ids read from a channel name and a
 * row, and take plain numbers.
 */
export interface GameService extends GameReads, Pick<SeatLifecycle, 'presenceChanged' | 'autoplay' | 'handOverFrozen'> {
  /** One action: lock, engine, write state + event (+ payout), commit, then publish. */
  act(userId: UserId, roomId: RoomId, move: PlayerMove, seq?: number): Promise<Result<{ seq: number }>>;
  /** Before the start frees the seat; during the game surrenders. */
  leave(userId: UserId, roomId: RoomId): Promise<Result<{ seq: number }>>;
  /** Frees the seat of a room not yet started; a started one is left alone (room/already_started), never surrendered. */
  leaveWaitingRoom(userId: number, roomId: number): Promise<Result<{ seq: number }>>;
  /** Fires every due deadline (turn timers, catch windows, unready seats, stand-ins); returns how many. */
  fireDue(limit?: number): Promise<number>;
}

/**
 * The table's life, one module a concern: moves (game-moves.ts), the seat's drop -> stand-in ->
 * return (seat-lifecycle.ts), the clock (game-timers.ts) and the read models (game-reads.ts).
 * `beforeStart`: the rooms' own rules before the start, passed in at wiring so games never import rooms.
 */
export function createGameService(context: DomainContext, beforeStart: SeatsBeforeStart): GameService {
  const applyInRoom = createApplyInRoom(context);
  const seats = createSeatLifecycle(context, applyInRoom);
  const timers = createGameTimers(context, beforeStart, applyInRoom, seats);

  return {
    ...createGameReads(context),
    presenceChanged: seats.presenceChanged,
    autoplay: seats.autoplay,
    handOverFrozen: seats.handOverFrozen,
    fireDue: timers.fireDue,

    act(userId, roomId, move, seq) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoomForMove(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        return applyInRoom(tx, outbox, room, { ...move, player: String(userId) } as Action, now, seq);
      });
    },

    // Leaving the table for good (colyseus's onLeave): before the start it frees the seat, during
    // the game it is a surrender counted as 'left'.
    leave(userId, roomId) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        if (room.status === 'pending' || room.status === 'ready') return beforeStart.leaveBeforeStart(tx, outbox, room, userId, now);
        const state = gameStateOf(room);
        const me = String(userId);
        if (!state || !state.players.includes(me)) return failure('room/not_seated', 'You do not play in this game');
        // Out already (or the game is over): leaving the table changes nothing.
        if (room.status === 'FINISHED' || state.results[state.players.indexOf(me)] !== null) return ok({ seq: state.seq });
        return applyInRoom(tx, outbox, room, { type: 'surrender', player: me }, now, undefined, 'left');
      });
    },

    leaveWaitingRoom(userId, roomId) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        if (room.status !== 'pending' && room.status !== 'ready') return failure('room/already_started', 'The game has started');
        return beforeStart.leaveBeforeStart(tx, outbox, room, userId, now);
      });
    },
  };
}

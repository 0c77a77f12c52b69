import { viewFor, type Action, type Card, type GameView } from '@durak/engine';
import type { GameRecord, ResultPayload, RoomId, UserId, WalletType, WatchState } from '@durak/protocol';
import { asc, eq } from 'drizzle-orm';
import type { ReadonlyDeep } from '../shared/readonly-deep.js';
import { failure, ok, type Result } from '../shared/result.js';
import { gameEvents } from '../store/rooms-schema.js';
import { gameStateOf, readRoom, seatsOfRoom } from '../room-core/room-store.js';
import type { DomainContext } from '../room-core/domain-context.js';
import { notRunning } from './game-moves.js';
import { gameOptionsOf } from './start-game.js';
import { buildWatch } from './watch.js';

/** What a game shows, read without a lock: a player's cards and view, the table's watch state, the finished record. */
export interface GameReads {
  cards(userId: UserId, roomId: RoomId): Promise<Result<{ items: Card[]; seq: number }>>;
  view(userId: UserId, roomId: RoomId): Promise<Result<GameView>>;
  watch(roomId: RoomId): Promise<Result<ReadonlyDeep<WatchState>>>;
  record(roomId: RoomId): Promise<Result<ReadonlyDeep<GameRecord>>>;
}

export function createGameReads(context: DomainContext): GameReads {
  const { store, config } = context;
  return {
    async cards(userId, roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const state = gameStateOf(room);
      const seat = state ? state.players.indexOf(String(userId)) : -1;
      return ok({ items: seat >= 0 ? [...state!.hands[seat]!] : [], seq: room.seq });
    },

    async view(userId, roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const state = gameStateOf(room);
      if (!state) return notRunning(room);
      const me = String(userId);
      return ok(viewFor(state, state.players.includes(me) ? me : null));
    },

    async watch(roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const seats = await seatsOfRoom(store.db, roomId);
      let connected = new Set<string>();
      try {
        connected = new Set((await context.realtime.presence(`room:${roomId}`)).users);
      } catch {
        // Presence is a nicety: without it every seat shows offline, the game still plays.
      }
      return ok(buildWatch(room, seats, connected, config));
    },

    async record(roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const state = gameStateOf(room);
      if (room.status !== 'FINISHED' || !state) return failure('room/not_finished', 'The record is published when the game is over');
      const seats = await seatsOfRoom(store.db, roomId);
      const rows = await store.db.select().from(gameEvents).where(eq(gameEvents.roomId, roomId)).orderBy(asc(gameEvents.seq));
      return ok({
        room_id: room.id,
        options: gameOptionsOf(room),
        bet_amount: room.betAmount.toString(),
        balance_type: room.balanceType as WalletType,
        players: state.players.map((id) => {
          const seat = seats.find((s) => String(s.userId) === id);
          return { player_id: id, username: seat?.username ?? '', position: seat?.position ?? -1 };
        }),
        seed: state.seed,
        seed_hash: state.seed_hash,
        actions: rows.filter((r) => r.action !== null).map((r) => ({ seq: r.seq, action: r.action as Action })),
        results: (room.results as ResultPayload[] | null) ?? null,
      });
    },
  };
}

import { shuffledDeck, type Action, type GameEvent } from '@durak/engine';
import type { ReplayAnswer, ReplayStep, ResultPayload, Role, RoomId, UserId } from '@durak/protocol';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { hasPermission } from '../permissions/permissions.js';
import { gameStateOf, readRoom } from '../room-core/room-store.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Store } from '../store/db.js';
import { gameEvents } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';

/** Who asks for a replay: their id and roles (an admin reads private games too). */
export interface ReplayCaller {
  readonly id: UserId;
  readonly roles: readonly Role[];
}

/** The rooms' own privacy rule of a table (players, invitees, the password), passed in at wiring. */
export type CanWatch = (userId: UserId, roomId: RoomId, password: string | undefined) => Promise<Result<true>>;

export interface ReplayService {
  /** A finished game's replay (FEATURES.md §14); `room/not_finished` while it runs, the room's privacy rule first. */
  replay(caller: ReplayCaller, roomId: RoomId, password: string | undefined): Promise<Result<ReplayAnswer>>;
}

/** Who a step belongs to: the action's player, or for a timer's expiry the player who ran out. */
function actorOf(action: Action, events: readonly GameEvent[]): string | null {
  if (action.type !== 'timeout') return action.player;
  const out = events.find((e) => e.type === 'timed_out');
  return out?.type === 'timed_out' ? out.player : null;
}

/**
 * Reads what a finished game already stored (the room's final state with its revealed seed, its
 * `game_events` rows and result) and never writes: a replay adds nothing to the move path.
 */
export function createReplayService(store: Store, canWatch: CanWatch): ReplayService {
  return {
    async replay(caller, roomId, password) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      // Admins open any game (the referee's cases link here); everyone else by the table's own rule.
      if (!hasPermission(caller.roles, 'admin.access')) {
        const allowed = await canWatch(caller.id, roomId, password);
        if (!allowed.ok) return allowed;
      }
      const state = gameStateOf(room);
      const results = room.results as ResultPayload[] | null;
      if (room.status !== 'FINISHED' || !state || state.seed === null || !results)
        return failure('room/not_finished', 'A replay is published when the game is over');
      const [rows, people] = await Promise.all([
        store.db
          .select()
          .from(gameEvents)
          .where(and(eq(gameEvents.roomId, roomId), isNotNull(gameEvents.action)))
          .orderBy(asc(gameEvents.seq)),
        store.db
          .select({ id: users.id, username: users.username, avatar: users.avatarUrl, isBot: users.isBot })
          .from(users)
          .where(inArray(users.id, state.players.map(Number))),
      ]);
      const steps: ReplayStep[] = rows.map((row) => {
        const action = row.action as Action;
        const events = row.events as GameEvent[];
        return {
          seq: row.seq,
          actor_user_id: actorOf(action, events),
          action,
          events,
          at: row.createdAt.toISOString(),
          is_stand_in: row.cause === 'stand_in',
        } as ReplayStep;
      });
      const deck = shuffledDeck(state.seed, state.options.deck_size);
      return ok({
        room_id: room.id,
        options: state.options,
        seed: state.seed,
        players: state.players.map((id, seat) => {
          const person = people.find((p) => String(p.id) === id);
          return { seat, user_id: id, username: person?.username ?? '', avatar: person?.avatar ?? null, is_bot: person?.isBot ?? false };
        }),
        deck,
        trump_card: deck[deck.length - 1]!,
        steps,
        result: results,
      });
    },
  };
}

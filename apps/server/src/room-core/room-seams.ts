import type { Action, GameView } from '@durak/engine';
import type { BotLevel, ResultPayload } from '@durak/protocol';
import type { Tx } from '../store/db.js';
import type { Result } from '../shared/result.js';
import type { Outbox } from '../publishing/outbox.js';
import type { RoomRow, SeatRow } from './room-store.js';
import type { RoomsConfig } from './rooms-config.js';

/**
 * What rooms and games hand each other when the tables are wired (rooms/rooms-module.ts), so
 * neither folder imports the other: rooms start a game, games free a seat before the start.
 */

export type StartOutcome = { started: true } | { started: false; unfunded: number[] };

/**
 * Starts the game of a full room whose every player is ready, inside the room's locked
 * transaction; players who can no longer cover the stake are returned instead (nothing moved).
 */
export type StartGame = (
  tx: Tx,
  room: RoomRow,
  seats: readonly SeatRow[],
  context: { now: Date; config: RoomsConfig; outbox: Outbox },
) => Promise<StartOutcome>;

/** The seat rules of a room before its game starts, which a game's leave and deadlines fall back on. */
export interface SeatsBeforeStart {
  /** Frees the seat (the caller handles a running game as a surrender). */
  leaveBeforeStart(tx: Tx, outbox: Outbox, room: RoomRow, userId: number, now: Date): Promise<Result<{ seq: number }>>;
  /** A pending or ready room whose deadline passed: unready seats are freed, an empty room closes. */
  expireSeats(tx: Tx, outbox: Outbox, room: RoomRow, now: Date): Promise<void>;
}

/**
 * Called in the transaction of a game's last action, after its result is written: a tournament
 * records who advances (and may end itself) so that nothing is lost between the two.
 */
export type GameOverHook = (tx: Tx, room: RoomRow, results: readonly ResultPayload[], outbox: Outbox, now: Date) => Promise<void>;

/** One decision of a computer player: its own view, its level and the seed that makes it reproducible. */
export interface BotRequest {
  readonly view: GameView;
  readonly level: BotLevel;
  readonly seed: string;
}

/** Decisions of the `hard` bot made ahead, off the event loop (practice/bot-thinker.ts). */
export interface DecisionsAhead {
  /** The decision made for `seed`, taken once; undefined when none was made. */
  take(seed: string): Action | null | undefined;
}

/** Where the sweeper has the hard bot's decisions made before it runs the step that needs them. */
export interface BotDecisions extends DecisionsAhead {
  /** Makes the decision; `take(request.seed)` has it once this resolves. Never rejects. */
  think(request: BotRequest): Promise<void>;
}

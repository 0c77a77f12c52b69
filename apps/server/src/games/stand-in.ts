import { applyAction, awaited, sha256Hex, viewFor, type Action, type GameState } from '@durak/engine';
import type { BotLevel } from '@durak/protocol';
import { botMove, safeMove } from '../bots/bot-move.js';
import type { DecisionsAhead } from '../room-core/room-seams.js';
import { botPauseMs } from '../bots/bot-pause.js';
import type { RoomRow } from '../room-core/room-store.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';

/**
 * The stand-in (FEATURES.md §11, docs/rooms.md "Stand-in"): a computer opponent (`hard` in practice,
 * `normal` where chips or a prize are at stake, §12) plays a
 * seat whose player dropped or ran out of time, from that player's own view, until they return.
 * These are the pure decisions; game-service.ts applies them under the room's lock. Everything they
 * read is in the room row (`stand_ins`, `offline_since`), so the sweeper of any node decides alike.
 */

type StandInRoom = Pick<RoomRow, 'standIns' | 'offlineSince' | 'botLevel' | 'creatorId'> & {
  /**
   * Players banned now (FEATURES.md §8, §17): the computer never plays for them and never takes
   * their seat; their turns time out like any absent player's. Read by the sweeper's turn only.
   */
  readonly bannedPlayers?: ReadonlySet<string>;
};

/**
 * Whether chips or a prize are at stake at this table (FEATURES.md §12): a bet, or a tournament's
 * game. There the stand-in only keeps a dropped hand safe: it plays `normal`, a player cannot hand
 * the seat over on purpose, and a seat it mostly played is not rated. Practice rooms keep `hard`.
 */
export function isAtStake(room: Pick<RoomRow, 'betAmount' | 'tournamentId' | 'botLevel'>): boolean {
  return room.botLevel === null && (room.betAmount > 0n || room.tournamentId !== null);
}

/** The stand-in's level at this table: the middle one where something is at stake. */
export function standInLevel(room: Pick<RoomRow, 'betAmount' | 'tournamentId' | 'botLevel'>): BotLevel {
  return isAtStake(room) ? 'normal' : 'hard';
}

/** A seat a stand-in may play: a person still in the game and not banned (a practice room's bots play themselves). */
function isPersonInGame(room: StandInRoom, state: GameState, player: string): boolean {
  if (room.bannedPlayers?.has(player) === true) return false;
  const seat = state.players.indexOf(player);
  if (seat < 0 || state.results[seat] !== null) return false;
  return room.botLevel === null || player === String(room.creatorId);
}

/** Whether the table's wait is one a stand-in can answer: a catch window closes on its own timer. */
function isDecision(state: GameState): boolean {
  if (state.phase === 'finished') return false;
  const effect = awaited(state).on_timeout;
  return effect !== 'none' && effect !== 'close_catch_window';
}

/** The players the table waits for whom the computer plays now, in the engine's order. */
export function awaitedStandIns(room: StandInRoom, state: GameState): string[] {
  if (!isDecision(state)) return [];
  return awaited(state).players.filter((p) => room.standIns[p] === true && isPersonInGame(room, state, p));
}

/** The awaited people the computer takes over when their turn timer and time bank ran out. */
export function awaitedPeople(room: StandInRoom, state: GameState): string[] {
  if (!isDecision(state)) return [];
  return awaited(state).players.filter((p) => isPersonInGame(room, state, p));
}

/** Players away for `STAND_IN_SECONDS` by `now` whom the computer does not play yet. */
export function dueHandOvers(room: StandInRoom, state: GameState, now: Date, config: RoomsConfig): string[] {
  return Object.entries(room.offlineSince)
    .filter(
      ([p, since]) =>
        room.standIns[p] !== true && isPersonInGame(room, state, p) && Date.parse(since) + config.standInSeconds * 1000 <= now.getTime(),
    )
    .map(([p]) => p);
}

/** The earliest moment an away player's seat is due to be handed over; null when nobody is away. */
function nextHandOver(room: StandInRoom, state: GameState, config: RoomsConfig): Date | null {
  const times = Object.entries(room.offlineSince)
    .filter(([p]) => room.standIns[p] !== true && isPersonInGame(room, state, p))
    .map(([, since]) => Date.parse(since) + config.standInSeconds * 1000);
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * The room's next deadline of a running game besides a practice bot's pause: the stand-in's
 * human-like pause when the table waits for a seat it plays, else the earlier of the turn timer's
 * end (`timerEnd`) and the next hand-over of an away player.
 */
export function standInDeadline(room: StandInRoom, state: GameState, now: Date, timerEnd: Date | null, config: RoomsConfig): Date | null {
  if (state.phase === 'finished') return null;
  if (awaitedStandIns(room, state).length > 0) return new Date(now.getTime() + botPauseMs(state, config));
  const handOver = nextHandOver(room, state, config);
  if (timerEnd === null) return handOver;
  return handOver !== null && handOver < timerEnd ? handOver : timerEnd;
}

/**
 * The stand-in's move for `player`: the `hard` bot's choice from `viewFor(state, player)` only,
 * then the safe fallback (take or beat) when the engine refuses it — in secret trump mode a view
 * cannot tell trumps, so a defence it allows may not beat. Checked against the engine here, so the
 * move returned is always one the engine takes from that player; null when there is none.
 * The seed is hashed from the game's secret seed: nobody can foresee the move from the seed hash.
 */
export function standInMove(state: GameState, player: string, ahead?: DecisionsAhead, level: BotLevel = 'hard'): Action | null {
  const view = viewFor(state, player);
  const seed = sha256Hex(`stand-in:${state.seed}:${player}:${state.seq}`);
  for (const action of [botMove(view, level, seed, ahead), safeMove(view)]) {
    // It plays on; giving up is the player's own decision.
    if (action !== null && action.type !== 'surrender' && applyAction(state, action).ok) return action;
  }
  return null;
}

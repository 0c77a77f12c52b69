import { awaited, sha256Hex, viewFor, type Action, type GameState } from '@durak/engine';
import type { BotLevel } from '@durak/protocol';
import type { RoomRow } from '../room-core/room-store.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';
import type { DecisionsAhead } from '../room-core/room-seams.js';
import { botMove, safeMove } from '../bots/bot-move.js';
import { botPauseMs } from '../bots/bot-pause.js';

/**
 * Bots' turns in practice rooms run on the room's database deadline (`expires_at`), like turn
 * timers: when the table waits for a bot the deadline is a human-like pause away, and whichever
 * node's sweeper finds it due plays the bot's move through the same path as a player's action.
 * Nothing lives in a process's memory, so a restart loses no bot.
 *
 * A practice room's creator is its only person; every other seat is a bot (the room is created
 * that way and never listed for others to join), so the bots are known without reading the seats.
 */

type BotRoom = Pick<RoomRow, 'botLevel' | 'creatorId'>;

const isPractice = (room: BotRoom) => room.botLevel !== null;

/** The bots the table waits for, in the engine's order. */
function awaitedBots(room: BotRoom, state: GameState): string[] {
  if (!isPractice(room) || state.phase === 'finished') return [];
  const human = String(room.creatorId);
  return awaited(state).players.filter((player) => player !== human);
}

/** The room's next deadline when the table waits for one of its bots; null otherwise (the turn timer rules). */
export function botDeadline(room: BotRoom, state: GameState, now: Date, config: RoomsConfig): Date | null {
  if (awaitedBots(room, state).length === 0) return null;
  return new Date(now.getTime() + botPauseMs(state, config));
}

/**
 * The bot's own random seed for one decision. Hashed from the game's secret seed, so players
 * cannot foresee it from the published seed hash, and the bot cannot learn the deck from it.
 */
const decisionSeed = (state: GameState, bot: string) => sha256Hex(`bot:${state.seed}:${bot}:${state.seq}`);

export type DueTurn =
  /** Moves to try in order (a bot's choice, then its safe fallback); the first the engine takes is played. */
  | { readonly kind: 'bot'; readonly actions: readonly Action[] }
  /** No bot has a move and the person's turn timer still runs: the deadline goes back to it. */
  | { readonly kind: 'wait'; readonly until: Date }
  /** A plain expiry: the turn timer (or the catch window) ran out. */
  | { readonly kind: 'timeout' };

/**
 * What a due deadline of a running game means. In a practice room it is a bot's pause that ran
 * out when the table waits for a bot, and each bot decides from `viewFor(state, bot)` only.
 * `turnDeadline` is when the person's own timer runs out (from the step's start). `ahead`: a hard
 * bot's decisions made ahead off the event loop (`botMove`).
 */
export function dueTurn(room: RoomRow, state: GameState, now: Date, turnDeadline: Date | null, ahead?: DecisionsAhead): DueTurn {
  const level = (room.botLevel ?? 'normal') as BotLevel;
  for (const bot of awaitedBots(room, state)) {
    const view = viewFor(state, bot);
    const actions = [botMove(view, level, decisionSeed(state, bot), ahead), safeMove(view)].filter((a): a is Action => a !== null);
    if (actions.length > 0) return { kind: 'bot', actions };
  }
  if (isPractice(room) && turnDeadline !== null && turnDeadline > now) return { kind: 'wait', until: turnDeadline };
  return { kind: 'timeout' };
}

import { z } from 'zod';
import { gameAction, gameEvent, gameOptions, playerId, resultLine } from './game-state.js';
import { card } from './rooms.js';

/**
 * GET rooms/{id}/replay (FEATURES.md §14): a finished game as the server applied it, for the
 * replay page to re-apply with the engine in the browser. `deck` is the dealt order (the seed's
 * shuffle); `steps` are every applied action after the deal in order (step N of the page is the
 * table after `steps[N-1]`, step 0 the deal); `result` is the recorded result.
 */
export const replaySeat = z.object({
  /** Index in the engine's seat order (clockwise), 0 first. */
  seat: z.number().int(),
  user_id: playerId,
  username: z.string(),
  avatar: z.string().nullable(),
  /** A practice room's computer player. */
  is_bot: z.boolean(),
});
export type ReplaySeat = z.infer<typeof replaySeat>;

export const replayStep = z.object({
  /** The game's seq after this step (1 for the first action). */
  seq: z.number().int(),
  /** Who acted: the action's player; for a timer's expiry the player who ran out, else null. */
  actor_user_id: playerId.nullable(),
  action: gameAction,
  /** The public events the step produced, as they were published. */
  events: z.array(gameEvent),
  /** When the server applied it (ISO time). */
  at: z.string(),
  /**
   * The computer made this move for a dropped player (the stand-in, FEATURES.md §11), as the step's
   * stored cause says; false for a game recorded before causes were stored.
   */
  is_stand_in: z.boolean(),
});
export type ReplayStep = z.infer<typeof replayStep>;

export const replayAnswer = z.object({
  room_id: z.number().int(),
  options: gameOptions,
  seed: z.string(),
  players: z.array(replaySeat),
  deck: z.array(card),
  trump_card: card,
  steps: z.array(replayStep),
  result: z.array(resultLine),
});
export type ReplayAnswer = z.infer<typeof replayAnswer>;

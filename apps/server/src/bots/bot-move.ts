import { chooseAction, legalActions, type Action, type GameView } from '@durak/engine';
import type { BotLevel } from '@durak/protocol';
import type { BotRequest, DecisionsAhead } from '../room-core/room-seams.js';

/**
 * Thrown by `botMove` for a `hard` decision not made ahead: the caller (the sweeper, outside any
 * transaction) has it thought out in the worker, then runs the step again and finds it.
 */
export class ThinkFirst extends Error {
  constructor(readonly request: BotRequest) {
    super('a hard decision is thought out first, off the event loop');
  }
}

/**
 * The one place the server asks a computer player for its move (docs/rooms.md, Practice rooms):
 * the engine's bot of the room's level, given the bot's own view and nothing else, so it cannot
 * see another hand or the talon. Null when the table does not wait for this bot.
 *
 * The `hard` level searches thousands of simulated games (20 ms a decision at the median, 150 ms
 * at worst). Given `ahead`, it never runs here: the decision made ahead is used, or `ThinkFirst`
 * asks for it. The seed decides, so a decision made ahead is the one made here.
 */
export function botMove(view: GameView, level: BotLevel, seed: string, ahead?: DecisionsAhead): Action | null {
  if (view.viewer === null) return null;
  if (ahead !== undefined && level === 'hard') {
    const made = ahead.take(seed);
    if (made !== undefined) return made;
    throw new ThinkFirst({ view, level, seed });
  }
  return chooseAction(view, { level, seed });
}

/**
 * What a bot does when the move it chose is refused: in secret trump mode a view cannot tell
 * which cards are trumps, so a defence it allows may not beat. Taking (or saying beat) is always
 * allowed to the player the table waits for, and needs nothing the view does not show.
 */
export function safeMove(view: GameView): Action | null {
  if (view.viewer === null) return null;
  const legal = legalActions(view, view.viewer);
  return legal.find((a) => a.type === 'take') ?? legal.find((a) => a.type === 'beat') ?? null;
}

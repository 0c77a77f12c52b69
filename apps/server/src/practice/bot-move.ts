import { chooseAction, legalActions, type Action, type GameView } from '@durak/engine';
import type { BotLevel } from '@durak/protocol';

/**
 * The one place the server asks a computer player for its move (docs/rooms.md, Practice rooms):
 * the engine's bot of the room's level, given the bot's own view and nothing else, so it cannot
 * see another hand or the talon. Null when the table does not wait for this bot.
 */
export function botMove(view: GameView, level: BotLevel, seed: string): Action | null {
  if (view.viewer === null) return null;
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

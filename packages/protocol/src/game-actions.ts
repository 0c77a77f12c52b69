import type { ActionType } from '@durak/engine';

/**
 * The moves a player sends. A `timeout` is not one of them: the server applies it itself when a
 * turn's deadline passes (its sweeper), so the game API has no route for it (SPEC "Game API").
 */
export type PlayerActionType = Exclude<ActionType, 'timeout'>;

/** The game API's path segment of each move: POST rooms/{roomId}/{segment}. */
export const ACTION_PATHS: Readonly<Record<PlayerActionType, string>> = {
  attack: 'attack',
  defence: 'defence',
  transfer: 'transfer',
  beat: 'beat',
  take: 'take',
  catch: 'catch',
  surrender: 'surrender',
};

/** `rooms/{roomId}/{segment}` under the game API (/api/v1) for a move in that room. */
export function roomActionPath(roomId: number, type: ActionType): string {
  // Only a bug asks: no player's legal actions ever include a timeout.
  if (type === 'timeout') throw new Error('a timeout is applied by the server, never sent');
  return `rooms/${roomId}/${ACTION_PATHS[type]}`;
}

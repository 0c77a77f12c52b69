import { chooseAction, legalActions, type Action } from '@durak/engine';
import { asRoomId, asUserId } from '@durak/protocol';
import type { GameService, PlayerMove } from './game-service.js';

/** An engine action as the game service takes it (the player is the caller, not a field). */
export const toMove = (action: Action): PlayerMove => {
  const { player: _player, ...move } = action as Action & { player: string };
  return move as PlayerMove;
};

/**
 * One legal move of the player's own (the engine's simple bot from their view), through the game
 * service; false when the table does not wait for them. A move the view could not tell was illegal
 * (a secret trump) is dropped and another tried.
 */
export async function moveOf(
  server: { readonly module: { readonly games: Pick<GameService, 'view' | 'act'> } },
  player: { readonly id: number },
  roomId: number,
  random: () => number,
): Promise<boolean> {
  const view = await server.module.games.view(asUserId(player.id), asRoomId(roomId));
  if (!view.ok || view.value.status === 'FINISHED') return false;
  let legal = legalActions(view.value, String(player.id));
  for (;;) {
    const choice = chooseAction(view.value, legal, random);
    if (!choice) return false;
    const done = await server.module.games.act(asUserId(player.id), asRoomId(roomId), toMove(choice), view.value.seq);
    if (done.ok) return true;
    if (!done.error.code.startsWith('rule/') || done.error.code === 'rule/stale_seq') return false;
    legal = legal.filter((a) => a !== choice);
  }
}

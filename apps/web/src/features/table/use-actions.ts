import type { Card } from '@durak/engine';
import { useCallback, useState } from 'react';
import { toApiFailure, type ApiErrorCode, type ApiFailure } from '../../net/api-error';
import { playSound } from '../../device/sound-player';
import { vibrate } from '../../device/vibrate';
import type { Emoji } from '@durak/protocol';
import { emojiApi, tableApi } from './table-api';

/**
 * The table moved on between the render the player acted on and the server's turn at it (a
 * timer fired, another player moved first). Not the player's mistake: the fresh table is the answer.
 */
export const STALE_SEQ = 'rule/stale_seq' satisfies ApiErrorCode;

/**
 * The table's calls. A played card leaves the hand at once (no waiting for the server); a refused
 * call re-reads the state, so the hand is never left wrong. Every move carries the seq of the
 * table the player saw (`seqOf`), so a move against a table that changed meanwhile is refused
 * and the table quietly shows the new state instead of an error.
 */
export function useActions(
  roomId: string,
  onPlayed: (card: Card) => void,
  readAll: () => Promise<void>,
  seqOf: () => number | undefined = () => undefined,
) {
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const run = useCallback(
    async (name: string, call: () => Promise<unknown>, played?: Card) => {
      setFailure(null);
      setPending(name);
      if (played) onPlayed(played);
      try {
        await call();
        return true;
      } catch (error) {
        const refused = toApiFailure(error);
        if (refused.code !== STALE_SEQ) {
          setFailure(refused);
          try {
            playSound('button');
          } catch {
            // A missing sound must not hide the error.
          }
          vibrate('error');
        }
        await readAll();
        return false;
      } finally {
        setPending(null);
      }
    },
    [onPlayed, readAll],
  );

  /**
   * An emoji is no move: a refusal (too many, not throwable at that seat) shows the server's
   * error in the table's toast, quietly, without the error sound or buzz and without re-reading.
   */
  const sendEmoji = useCallback(
    async (recipient: { player_id: string; username: string }, emoji: Emoji['id']) => {
      try {
        await emojiApi.send(roomId, recipient, emoji);
        return true;
      } catch (error) {
        setFailure(toApiFailure(error));
        return false;
      }
    },
    [roomId],
  );

  return {
    failure,
    pending,
    clearFailure: () => setFailure(null),
    sendEmoji,
    sit: (position?: number, password?: string) =>
      run('seat', () => tableApi.seat(roomId, { ...(position === undefined ? {} : { position }), ...(password ? { password } : {}) })),
    ready: () => run('ready', () => tableApi.ready(roomId)),
    attack: (card: Card) => run('attack', () => tableApi.attack(roomId, [card], seqOf()), card),
    defend: (slotId: number, card: Card) => run('defence', () => tableApi.defence(roomId, slotId, card, seqOf()), card),
    transfer: (card: Card) => run('transfer', () => tableApi.transfer(roomId, card, seqOf()), card),
    beat: () => run('beat', () => tableApi.beat(roomId, seqOf())),
    take: () => run('take', () => tableApi.take(roomId, seqOf())),
    catchCard: (slotId: number) => run('catch', () => tableApi.catch(roomId, slotId, seqOf())),
    leave: () => run('leave', () => tableApi.leave(roomId)),
    surrender: () => run('surrender', () => tableApi.surrender(roomId, seqOf())),
  };
}

import type { Card } from '@durak/engine';
import { isSameCard } from '@durak/engine';
import { useCallback, useState } from 'react';
import { toApiFailure, type ApiFailure } from '../../net/api-error';
import { playSound } from '../../device/sound-player';
import { vibrate } from '../../device/vibrate';
import { tableApi } from './table-api';
import type { TableData } from './use-table';

type SetData = (update: (prev: TableData) => TableData) => void;

/**
 * The table's calls. A played card leaves the hand at once (no waiting for the server); a refused
 * call re-reads the state, so the hand is never left wrong.
 */
export function useActions(roomId: string, setData: SetData, readAll: () => Promise<void>) {
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const run = useCallback(
    async (name: string, call: () => Promise<unknown>, played?: Card) => {
      setFailure(null);
      setPending(name);
      if (played) setData((prev) => ({ ...prev, hand: prev.hand.filter((c) => !isSameCard(c, played)) }));
      try {
        await call();
        return true;
      } catch (error) {
        setFailure(toApiFailure(error));
        try {
          playSound('button');
        } catch {
          // A missing sound must not hide the error.
        }
        vibrate('error');
        await readAll();
        return false;
      } finally {
        setPending(null);
      }
    },
    [setData, readAll],
  );

  return {
    failure,
    pending,
    clearFailure: () => setFailure(null),
    sit: (position?: number, password?: string) => run('seat', () => tableApi.seat(roomId, { ...(position === undefined ? {} : { position }), ...(password ? { password } : {}) })),
    ready: () => run('ready', () => tableApi.ready(roomId)),
    attack: (card: Card) => run('attack', () => tableApi.attack(roomId, [card]), card),
    defend: (slotId: number, card: Card) => run('defence', () => tableApi.defence(roomId, slotId, card), card),
    transfer: (card: Card) => run('transfer', () => tableApi.transfer(roomId, card), card),
    beat: () => run('beat', () => tableApi.beat(roomId)),
    take: () => run('take', () => tableApi.take(roomId)),
    catchCard: (slotId: number) => run('catch', () => tableApi.catch(roomId, slotId)),
    leave: () => run('leave', () => tableApi.leave(roomId)),
    surrender: () => run('surrender', () => tableApi.surrender(roomId)),
  };
}

import type { TFunction } from 'i18next';
import type { RoomPayload } from '@durak/protocol';

/**
 * What leaving or surrendering costs, in words: a stake only when there is one. A practice game
 * or a tournament's game has none (FEATURES.md §10), so it speaks of the game, not of chips.
 */
export function confirmText(
  which: 'surrender' | 'leave' | null,
  bet: number,
  room: Pick<RoomPayload, 'tournament_id' | 'bot_level'>,
  t: TFunction<'game'>,
): string {
  const action = which === 'surrender' ? 'surrender' : 'leave';
  if (room.tournament_id != null) return t(`first_taps.confirm.${action}_tournament`);
  if (bet <= 0 || room.bot_level != null) return t(`first_taps.confirm.${action}_free`);
  return t(`confirm.${action}`, { amount: bet });
}

import type { CardTransferPermission } from '@durak/engine';
import type { RoomPayload, RoomStatus, WalletType } from '@durak/protocol';

// The values a room's options take, in the order the lobby's filter and create forms offer them.
// The room itself is @durak/protocol's RoomPayload; these are the choices, typed by it.
export const ROOM_STATUSES: readonly RoomStatus[] = ['pending', 'ready', 'in_progress'];
export const TRANSFER_PERMISSIONS: readonly CardTransferPermission[] = ['ALL_PLAYERS', 'NEIGHBORS_ONLY'];
export const BALANCE_TYPES: readonly WalletType[] = ['BONUS_BALANCE', 'BALANCE'];
export const PLAYER_COUNTS = [2, 3, 4, 5, 6] as const;
/** 52 = 2..A (FEATURES.md §16). */
export const DECK_SIZES = [24, 36, 52] as const;
export type DeckSize = (typeof DECK_SIZES)[number];

/**
 * FEATURES §6: every option a room has, as the `game` namespace keys of its words, in the order
 * transfer, throw-in by neighbours, cheating, draw, death match, secret trump, speed, private.
 */
export function roomOptionKeys(room: RoomPayload): string[] {
  const keys: string[] = [];
  if (room.is_transfer_allowed) keys.push('option.is_transfer_allowed');
  if (room.card_transfer_permission === 'NEIGHBORS_ONLY') keys.push('lobby.tag_neighbors');
  if (room.is_cheating_allowed) keys.push('option.is_cheating_allowed');
  if (room.is_draw_allowed) keys.push('option.is_draw_allowed');
  if (room.is_death_match_allowed) keys.push('option.is_death_match_allowed');
  if (room.secret_trump_mode) keys.push('option.secret_trump_mode');
  if (room.is_speed_mode) keys.push('option.is_speed_mode');
  if (room.is_private) keys.push('lobby.tag_private');
  return keys;
}

import type { CardTransferPermission } from '@durak/engine';
import type { RoomStatus, WalletType } from '@durak/protocol';

// The values a room's options take, in the order the lobby's filter and create forms offer them.
// The room itself is @durak/protocol's RoomPayload; these are the choices, typed by it.
export const ROOM_STATUSES: readonly RoomStatus[] = ['pending', 'ready', 'in_progress'];
export const TRANSFER_PERMISSIONS: readonly CardTransferPermission[] = ['ALL_PLAYERS', 'NEIGHBORS_ONLY'];
export const BALANCE_TYPES: readonly WalletType[] = ['BONUS_BALANCE', 'BALANCE'];
export const PLAYER_COUNTS = [2, 3, 4, 5, 6] as const;
export const DECK_SIZES = [24, 36] as const;

/** A page of a list as the API answers it (DESIGN §9). */
export interface Page<T> {
  items: T[];
  links: { next: string | null; previous: string | null };
}

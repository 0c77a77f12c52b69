import type { CardTransferPermission } from '@durak/engine';

export type RoomStatus = 'pending' | 'ready' | 'in_progress' | 'FINISHED';
export const ROOM_STATUSES: readonly RoomStatus[] = ['pending', 'ready', 'in_progress'];
export const TRANSFER_PERMISSIONS: readonly CardTransferPermission[] = ['ALL_PLAYERS', 'NEIGHBORS_ONLY'];
export const BALANCE_TYPES = ['BONUS_BALANCE', 'BALANCE'] as const;
export const PLAYER_COUNTS = [2, 3, 4, 5, 6] as const;
export const DECK_SIZES = [24, 36] as const;

/** The room's game options under the API's field names (DESIGN §7). */
export interface RoomOptions {
  bet_amount: number;
  player_count: number;
  deck_size: 24 | 36;
  balance_type: string;
  is_speed_mode: boolean;
  is_transfer_allowed: boolean;
  is_cheating_allowed: boolean;
  is_draw_allowed: boolean;
  is_death_match_allowed: boolean;
  is_classic_mode_allowed: boolean;
  card_transfer_permission: CardTransferPermission;
  secret_trump_mode: boolean;
}

export interface CreateRoomBody extends RoomOptions {
  password?: string;
}

export interface RoomSeatSummary {
  position: number;
  player_id: string | number;
  username?: string;
}

/** A lobby list item (SPEC §3 Room) with the options it was created with. */
export interface Room extends Partial<Omit<RoomOptions, 'bet_amount'>> {
  id: string | number;
  status: RoomStatus;
  player_count: number;
  deck_size: 24 | 36;
  bet_amount?: number | string;
  /** Seats taken, when the server sends it (as a count or as the seats themselves). */
  seats_taken?: number;
  seats?: RoomSeatSummary[];
  is_private?: boolean;
  has_password?: boolean;
  creator?: { username?: string } | null;
}

export interface Page<T> {
  items: T[];
  links: { next: string | null; previous: string | null };
}

export function roomIsPrivate(room: Room): boolean {
  return room.is_private === true || room.has_password === true;
}

export function seatsTaken(room: Room): number {
  if (typeof room.seats_taken === 'number') return room.seats_taken;
  return room.seats?.length ?? 0;
}

/**
 * FEATURES §6: every option a room has, as the `game` namespace keys of its words, in the order
 * transfer, throw-in by neighbours, cheating, draw, death match, secret trump, speed, private.
 */
export function roomOptionKeys(room: Room): string[] {
  const keys: string[] = [];
  if (room.is_transfer_allowed) keys.push('option.is_transfer_allowed');
  if (room.card_transfer_permission === 'NEIGHBORS_ONLY') keys.push('lobby.tag_neighbors');
  if (room.is_cheating_allowed) keys.push('option.is_cheating_allowed');
  if (room.is_draw_allowed) keys.push('option.is_draw_allowed');
  if (room.is_death_match_allowed) keys.push('option.is_death_match_allowed');
  if (room.secret_trump_mode) keys.push('option.secret_trump_mode');
  if (room.is_speed_mode) keys.push('option.is_speed_mode');
  if (roomIsPrivate(room)) keys.push('lobby.tag_private');
  return keys;
}

import type { RoomFilter } from './filter-store';
import { TOGGLE_KEYS } from './filter-store';
import type { RoomPayload } from '@durak/protocol';

/**
 * The lobby query of DESIGN §7. Lists go as repeated keys (player_count=2&player_count=3); a list
 * that allows everything, and a toggle set to "any", are left out.
 */
export function filterParams(filter: RoomFilter, page = filter.page): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(page));
  params.set('limit', String(filter.limit));
  params.set('min_bet', String(filter.min_bet));
  params.set('max_bet', String(filter.max_bet));
  if (filter.balance_type) params.set('balance_type', filter.balance_type);
  const lists: Array<[string, ReadonlyArray<string | number>]> = [
    ['player_count', filter.player_count],
    ['deck_size', filter.deck_size],
    ['status', filter.status],
    ['card_transfer_permission', filter.card_transfer_permission],
  ];
  for (const [key, values] of lists) for (const value of values) params.append(key, String(value));
  for (const key of TOGGLE_KEYS) {
    const value = filter[key];
    if (value !== null) params.set(key, String(value));
  }
  if (filter.is_team_mode !== null) params.set('is_team_mode', String(filter.is_team_mode));
  return params;
}

function listAllows<T>(list: readonly T[], value: T | undefined): boolean {
  return list.length === 0 || value === undefined || list.includes(value);
}

/**
 * SPEC §5: a room matches only if each non-empty filter list holds the room's value; used for
 * rooms that arrive live on the lobby channel, which the server did not filter for us.
 */
export function roomMatchesFilter(room: RoomPayload, filter: RoomFilter): boolean {
  if (room.status === 'FINISHED') return false;
  const bet = Number(room.bet_amount);
  if (bet < filter.min_bet || bet > filter.max_bet) return false;
  if (filter.balance_type && room.balance_type !== filter.balance_type) return false;
  if (!listAllows(filter.player_count, room.player_count)) return false;
  if (!listAllows(filter.deck_size, room.deck_size)) return false;
  if (!listAllows(filter.status, room.status)) return false;
  if (!listAllows(filter.card_transfer_permission, room.card_transfer_permission)) return false;
  for (const key of TOGGLE_KEYS) {
    const wanted = filter[key];
    const value = room[key];
    if (wanted !== null && value !== wanted) return false;
  }
  if (filter.is_team_mode !== null && (room.is_team_mode ?? false) !== filter.is_team_mode) return false;
  return true;
}

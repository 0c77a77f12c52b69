import { DEFAULT_FILTER, type RoomFilter } from './filter-store';

const COMPARED = [
  'bet_amount',
  'player_count',
  'deck_size',
  'status',
  'balance_type',
  'card_transfer_permission',
  'is_speed_mode',
  'is_transfer_allowed',
  'is_cheating_allowed',
  'is_draw_allowed',
  'is_death_match_allowed',
  'is_classic_mode_allowed',
  'secret_trump_mode',
] as const;

/** How many filter options differ from the defaults: the badge on the filter button. */
export function countChangedFilters(filter: RoomFilter): number {
  const norm = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...(value as unknown[])].map(String).sort() : value);
  return COMPARED.filter((key) => norm(filter[key]) !== norm(DEFAULT_FILTER[key])).length;
}

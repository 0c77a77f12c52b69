import type { CardTransferPermission } from '@durak/engine';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RoomStatus } from '@durak/protocol';

/** A yes/no option of the filter; null means "any". */
export type Toggle = boolean | null;

/** SPEC §3 room filter. Lists: an empty list means any value. */
export interface RoomFilter {
  /** The bet range in preset labels, from and to. */
  bet_amount: [string, string];
  page: number;
  limit: number;
  min_bet: number;
  max_bet: number;
  player_count: number[];
  deck_size: number[];
  status: RoomStatus[];
  /** One wallet's rooms, or '' for every wallet (the default). */
  balance_type: string;
  is_speed_mode: Toggle;
  is_transfer_allowed: Toggle;
  is_cheating_allowed: Toggle;
  is_draw_allowed: Toggle;
  is_death_match_allowed: Toggle;
  is_classic_mode_allowed: Toggle;
  card_transfer_permission: CardTransferPermission[];
  secret_trump_mode: Toggle;
  /** Two against two (FEATURES.md §16); kept apart from TOGGLE_KEYS, whose words live in `game`. */
  is_team_mode: Toggle;
}

export const TOGGLE_KEYS = [
  'is_speed_mode',
  'is_transfer_allowed',
  'is_cheating_allowed',
  'is_draw_allowed',
  'is_death_match_allowed',
  'is_classic_mode_allowed',
  'secret_trump_mode',
] as const;

/** SPEC §9 filter defaults. */
export const DEFAULT_FILTER: RoomFilter = {
  bet_amount: ['100', '100k'],
  page: 1,
  limit: 50,
  min_bet: 100,
  max_bet: 10_000_000,
  player_count: [2, 3, 4, 5, 6],
  deck_size: [24, 36, 52],
  status: [],
  // Every wallet (FEATURES.md §17): starting on Bonus hid every BALANCE room from a newcomer.
  balance_type: '',
  is_speed_mode: null,
  is_transfer_allowed: null,
  is_cheating_allowed: null,
  is_draw_allowed: null,
  is_death_match_allowed: null,
  is_classic_mode_allowed: null,
  card_transfer_permission: ['ALL_PLAYERS', 'NEIGHBORS_ONLY'],
  secret_trump_mode: null,
  is_team_mode: null,
};

/** A filter stored before the 52-card deck allowed every deck there was: it still does. */
function withNewDecks(filter: Partial<RoomFilter> | undefined): Partial<RoomFilter> | undefined {
  const decks = filter?.deck_size;
  return decks && decks.length === 2 && decks.includes(24) && decks.includes(36)
    ? { ...filter, deck_size: DEFAULT_FILTER.deck_size }
    : filter;
}

interface FilterState {
  filter: RoomFilter;
  setFilter(patch: Partial<RoomFilter>): void;
  resetFilter(): void;
}

export const FILTER_STORAGE_NAME = 'filter-state';
export const FILTER_STORAGE_VERSION = 1;

/** SPEC §3: the lobby filter, kept in local storage under filter-state, version 1. */
export const useFilterStore = create<FilterState>()(
  persist(
    (set) => ({
      filter: DEFAULT_FILTER,
      setFilter: (patch) => set((state) => ({ filter: { ...state.filter, ...patch, page: patch.page ?? 1 } })),
      resetFilter: () => set({ filter: DEFAULT_FILTER }),
    }),
    {
      name: FILTER_STORAGE_NAME,
      version: FILTER_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ filter: state.filter }),
      // A stored filter from an older shape keeps what still fits and takes defaults for the rest.
      merge: (stored, current) => {
        const filter = (stored as { filter?: Partial<RoomFilter> } | undefined)?.filter;
        return { ...current, filter: { ...DEFAULT_FILTER, ...withNewDecks(filter) } };
      },
    },
  ),
);

import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILTER, FILTER_STORAGE_NAME, useFilterStore } from './filter-store';

describe('filter store', () => {
  beforeEach(() => {
    useFilterStore.getState().resetFilter();
  });

  it('keeps the filter in local storage under filter-state, version 1', () => {
    useFilterStore.getState().setFilter({ player_count: [4], is_speed_mode: true });
    const stored = JSON.parse(localStorage.getItem(FILTER_STORAGE_NAME)!) as { version: number; state: { filter: typeof DEFAULT_FILTER } };
    expect(stored.version).toBe(1);
    expect(stored.state.filter.player_count).toEqual([4]);
    expect(stored.state.filter.is_speed_mode).toBe(true);
  });

  it('goes back to the first page when an option changes', () => {
    useFilterStore.getState().setFilter({ page: 3 });
    useFilterStore.getState().setFilter({ deck_size: [24] });
    expect(useFilterStore.getState().filter.page).toBe(1);
  });

  it('restores a stored filter and fills what it lacks with defaults', async () => {
    localStorage.setItem(FILTER_STORAGE_NAME, JSON.stringify({ version: 1, state: { filter: { deck_size: [24] } } }));
    await useFilterStore.persist.rehydrate();
    expect(useFilterStore.getState().filter).toEqual({ ...DEFAULT_FILTER, deck_size: [24] });
  });

  it('a filter stored when 24 and 36 were every deck now shows the 52-card rooms too', async () => {
    localStorage.setItem(FILTER_STORAGE_NAME, JSON.stringify({ version: 1, state: { filter: { deck_size: [36, 24] } } }));
    await useFilterStore.persist.rehydrate();
    expect(useFilterStore.getState().filter.deck_size).toEqual([24, 36, 52]);
    expect(useFilterStore.getState().filter.is_team_mode).toBeNull();
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../net/query-keys';
import { useFilterStore } from './filter-store';

const list = vi.hoisted(() => vi.fn(async () => ({ items: [], links: { next: null, previous: null } })));
vi.mock('./rooms-api', () => ({ roomsApi: { list } }));
const { prefetchLobby } = await import('./lobby-query');

// FEATURES.md §17: a reload of /games asked for its rooms 1.35 s in, after its chunk and the realtime.
describe('the lobby prefetch', () => {
  it('asks for the first page of the stored filter at once, under the key the page reads', async () => {
    const client = new QueryClient();
    prefetchLobby(client);
    const filter = useFilterStore.getState().filter;
    expect(list).toHaveBeenCalledWith(filter, 1, expect.anything());
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.lobby(filter))).toBeDefined());
  });
});

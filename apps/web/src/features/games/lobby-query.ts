import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../net/query-keys';
import type { RoomFilter } from './filter-store';
import { useFilterStore } from './filter-store';
import { roomsApi } from './rooms-api';

/** The lobby's room list for a filter: pages read from the server (one definition for the page and its prefetch). */
export const lobbyQuery = (filter: RoomFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.lobby(filter),
    queryFn: ({ pageParam, signal }) => roomsApi.list(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.links.next ? page + 1 : undefined),
  });

/**
 * A reload of /games asks for its first page of rooms at once, beside the page's code and texts
 * (FEATURES.md §17: the request used to start 1.35 s in, after the chunks and the realtime
 * set-up). The page's query then finds it loaded or on its way.
 */
export function prefetchLobby(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(lobbyQuery(useFilterStore.getState().filter));
}

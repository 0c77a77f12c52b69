import { useInfiniteQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  addChange,
  applyChanges,
  dropChangesUpTo,
  mergePages,
  NO_CHANGES,
  type LiveChange,
  type LiveChanges,
  type PagedList,
} from './paged-list';

/** How long live changes wait before the loaded pages are read again (a round ends in bursts). */
export const REFETCH_DELAY_MS = 800;

/**
 * A list read page by page from the server and kept live: `change` lays a channel message over
 * the pages at once and schedules a fresh read of every loaded page; the read, when it lands,
 * replaces the changes it already holds. SPEC §4: merged without duplicates either way.
 */
export function usePagedList<T>(
  key: QueryKey,
  fetchPage: (page: number, signal: AbortSignal) => Promise<PagedList<T>>,
  keyOf: (item: T) => string | number,
  isEnabled = true,
) {
  const client = useQueryClient();
  const [live, setLive] = useState<LiveChanges<T>>(NO_CHANGES);
  const seq = useRef(0);
  // The change counter when the current read of page 1 began: what that read already contains.
  const seenAtRead = useRef(0);
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => {
      if (pageParam === 1) seenAtRead.current = seq.current;
      return fetchPage(pageParam, signal);
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.links.next ? page + 1 : undefined),
    enabled: isEnabled,
  });

  useEffect(() => {
    if (query.isFetching) return;
    setLive((prev) => dropChangesUpTo(prev, seenAtRead.current));
  }, [query.dataUpdatedAt, query.isFetching]);

  const keyText = JSON.stringify(key);
  // Another list (a new filter): what the channel said about the old one does not apply to it. The
  // counter goes on, so a read started now still knows which later changes it holds.
  useEffect(() => setLive((prev) => (prev.changes.length === 0 ? prev : { seq: prev.seq, changes: [] })), [keyText]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refetchSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void client.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey, exact: true }),
      REFETCH_DELAY_MS,
    );
  }, [client, keyText]);

  const change = useCallback(
    (next: LiveChange<T>) => {
      setLive((prev) => {
        const updated = addChange(prev, next);
        seq.current = updated.seq;
        return updated;
      });
      refetchSoon();
    },
    [refetchSoon],
  );

  const list = useMemo(() => applyChanges(mergePages(query.data?.pages ?? [], keyOf), live, keyOf), [query.data, live, keyOf]);
  return { list, query, change, refetchSoon };
}

import type { LobbyMessage } from '@durak/protocol';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useChannel } from '../../net/realtime';
import { roomMatchesFilter } from './filter-query';
import { useFilterStore } from './filter-store';
import { applyLobbyEvent, mergeRooms, NO_LIVE_ROOMS, visibleRooms, type LiveRooms } from './room-list';
import { lobbyQuery } from './lobby-query';

export const LOBBY_CHANNEL = 'lobby';

/** The lobby list: pages read with the stored filter, merged, and kept live by the lobby channel. */
export function useLobby() {
  const filter = useFilterStore((s) => s.filter);
  const [live, setLive] = useState<LiveRooms>(NO_LIVE_ROOMS);
  const query = useInfiniteQuery(lobbyQuery(filter));

  useChannel(
    LOBBY_CHANNEL,
    useCallback((message: LobbyMessage) => setLive((prev) => applyLobbyEvent(prev, message)), []),
  );

  const rooms = useMemo(() => {
    const read = mergeRooms(query.data?.pages.map((p) => p.items) ?? []);
    return visibleRooms(read, live, (room) => roomMatchesFilter(room, filter));
  }, [query.data, live, filter]);

  return { rooms, query };
}

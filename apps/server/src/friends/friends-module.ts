import type { RateWindows } from '../limits/index.js';
import type { Store } from '../store/db.js';
import type { Publisher, RealtimeChannels } from '../publishing/outbox.js';
import { createFriendsService, type FriendsService } from './friends-service.js';
import { isUserOnline } from '../presence/online.js';
import { createPresenceSummary, type PresenceSummaryService } from '../presence/presence-summary.js';
import { createRoomInvites, type RoomInvites } from '../rooms/room-invites.js';
import { searchUsers } from './user-search.js';

/** FEATURES.md §11 "a living table": friends, invitations to a table, and who is around. */
export interface FriendsModule {
  readonly friends: FriendsService;
  readonly invites: RoomInvites;
  readonly presence: PresenceSummaryService;
  /** Friends by name (FEATURES.md §17): players whose name starts with the text. */
  search(callerId: number, text: string): ReturnType<typeof searchUsers>;
}

export function createFriendsModule(options: {
  store: Store;
  realtime: RealtimeChannels & { onlineUsers(): Promise<number> };
  /** The node's one publisher: friend news and invitations go out after their commit. */
  publisher: Publisher;
  now?: (() => Date) | undefined;
  presenceCacheMs?: number | undefined;
  /** The shared rate windows: friend asks and table invitations per user. */
  windows?: RateWindows | undefined;
}): FriendsModule {
  const common = { store: options.store, publisher: options.publisher, ...(options.now ? { now: options.now } : {}) };
  const windows = options.windows ? { windows: options.windows } : {};
  const friends = createFriendsService({ ...common, ...windows, realtime: options.realtime });
  const invites = createRoomInvites({ ...common, ...windows, areFriends: (a, b) => friends.areFriends(a, b) });
  const presence = createPresenceSummary({
    store: options.store,
    onlineUsers: () => options.realtime.onlineUsers(),
    ...(options.now ? { now: options.now } : {}),
    ...(options.presenceCacheMs !== undefined ? { cacheMs: options.presenceCacheMs } : {}),
  });
  const isOnline = (userId: number) => isUserOnline(options.realtime, userId);
  const search = (callerId: number, text: string) => searchUsers({ store: options.store, ...windows, isOnline }, callerId, text);
  return { friends, invites, presence, search };
}

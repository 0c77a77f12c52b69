import type { FriendLine, FriendRequestLine, FriendState, PersonRef } from '@durak/protocol';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { RateWindows } from '../limits/index.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Db, Store, Tx } from '../store/db.js';
import { friendships, roomInvites } from '../store/friends-schema.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import { isUserOnline } from '../presence/online.js';
import { publishOrder, withPublications, type Outbox, type Publisher, type RealtimeChannels } from '../publishing/outbox.js';

export interface FriendsOptions {
  readonly store: Store;
  /** Presence reads: whether a friend is online. */
  readonly realtime: RealtimeChannels;
  readonly publisher: Publisher;
  readonly now?: () => Date;
  /** Counts asks per user (Redis when shared): an ask is a notice on someone else's screen. */
  readonly windows?: RateWindows;
}

/** Asks one user may make within ASK_WINDOW_MS, whoever they ask: enough for a table's players, not for spam. */
export const ASKS_PER_WINDOW = 30;
/** Friend requests one user may have waiting (FEATURES.md §17: 50 fresh accounts put 50 on one victim). */
export const PENDING_ASKS_PER_RECIPIENT = 20;

/**
 * Whether the recipient's waiting asks are at the cap. The recipient's row is locked first, so
 * asks from many senders at once (each under its own pair lock) are counted one after another.
 */
async function hasFullInbox(tx: Tx, recipientId: number): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, recipientId)).for('update');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(friendships)
    .where(and(eq(friendships.friendId, recipientId), eq(friendships.status, 'pending')));
  return (row?.n ?? 0) >= PENDING_ASKS_PER_RECIPIENT;
}
export const ASK_WINDOW_MS = 10 * 60_000;

export interface Page<T> {
  readonly items: T[];
  readonly hasNext: boolean;
}

/**
 * Friends (FEATURES.md §11): asks, answers and the lists. Each change is one transaction that
 * serialises on the pair (an advisory lock), so two people asking each other at once become
 * friends instead of leaving two crossed asks; news reaches `#id` after the commit.
 */
export function createFriendsService(options: FriendsOptions) {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const { publisher } = options;

  async function personOf(tx: Tx, userId: number): Promise<PersonRef | undefined> {
    const [row] = await tx
      .select({ user_id: users.id, username: users.username, avatar: users.avatarUrl })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isBot, false)));
    return row;
  }

  // Two int4 keys; ids past int4 share a key with another pair, which only makes them wait on each other.
  const lockPair = (tx: Tx, a: number, b: number) =>
    tx.execute(
      sql`select pg_advisory_xact_lock((${Math.min(a, b)}::bigint % 2147483647)::int4, (${Math.max(a, b)}::bigint % 2147483647)::int4)`,
    );

  async function rowOf(db: Db | Tx, userId: number, friendId: number) {
    const [row] = await db
      .select()
      .from(friendships)
      .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
    return row;
  }

  /** Turns the other's pending ask into a friendship (both rows accepted) and tells the asker. */
  async function acceptAsk(tx: Tx, outbox: Outbox, me: PersonRef, askerId: number, at: Date): Promise<Result<FriendState>> {
    const accepted = await tx
      .update(friendships)
      .set({ status: 'accepted', acceptedAt: at })
      .where(and(eq(friendships.userId, askerId), eq(friendships.friendId, me.user_id), eq(friendships.status, 'pending')))
      .returning();
    if (accepted.length === 0) return failure('friend/no_request', `User ${askerId} has not asked to be your friend`);
    await tx
      .insert(friendships)
      .values({ userId: me.user_id, friendId: askerId, status: 'accepted', createdAt: at, acceptedAt: at })
      .onConflictDoUpdate({ target: [friendships.userId, friendships.friendId], set: { status: 'accepted', acceptedAt: at } });
    outbox.toUser(askerId, { type: 'friend_accepted', from: me });
    return ok({ user_id: askerId, status: 'friends' });
  }

  /** One change between the caller and another user, published after its commit. */
  async function change(
    userId: number,
    otherId: number,
    fn: (tx: Tx, outbox: Outbox, me: PersonRef, at: Date) => Promise<Result<FriendState | null>>,
  ) {
    if (userId === otherId) return failure('friend/self', 'You cannot be your own friend', { field: 'id' });
    // The other side's notices keep their order: on that user's own chain.
    return withPublications(store, publisher, publishOrder.user(otherId), async (tx, outbox) => {
      const me = await personOf(tx, userId);
      if (!me || !(await personOf(tx, otherId))) return failure('user/not_found', `No user ${otherId}`);
      await lockPair(tx, userId, otherId);
      return fn(tx, outbox, me, now());
    });
  }

  return {
    /** Asks `otherId` to be friends, or accepts at once when they already asked the caller. */
    async ask(userId: number, otherId: number) {
      if (options.windows && !(await options.windows.take(`friend-ask:${userId}`, ASKS_PER_WINDOW, ASK_WINDOW_MS))) {
        return failure('request/rate_limited', 'Too many friend requests: try again in a few minutes');
      }
      return change(userId, otherId, async (tx, outbox, me, at) => {
        const mine = await rowOf(tx, userId, otherId);
        if (mine?.status === 'accepted') return failure('friend/already_friends', 'You are friends already');
        const theirs = await rowOf(tx, otherId, userId);
        if (theirs?.status === 'pending') return acceptAsk(tx, outbox, me, otherId, at);
        // Asking again is answered the same, and the other side is not told twice.
        if (mine) return ok({ user_id: otherId, status: 'requested' });
        if (await hasFullInbox(tx, otherId))
          return failure('friend/too_many_requests', `User ${otherId} has ${PENDING_ASKS_PER_RECIPIENT} friend requests waiting already`);
        await tx.insert(friendships).values({ userId, friendId: otherId, status: 'pending', createdAt: at });
        outbox.toUser(otherId, { type: 'friend_request', from: me });
        return ok({ user_id: otherId, status: 'requested' });
      });
    },

    accept(userId: number, askerId: number) {
      return change(userId, askerId, (tx, outbox, me, at) => acceptAsk(tx, outbox, me, askerId, at));
    },

    decline(userId: number, askerId: number) {
      return change(userId, askerId, async (tx) => {
        const removed = await tx
          .delete(friendships)
          .where(and(eq(friendships.userId, askerId), eq(friendships.friendId, userId), eq(friendships.status, 'pending')))
          .returning();
        return removed.length === 0 ? failure('friend/no_request', `User ${askerId} has not asked to be your friend`) : ok(null);
      });
    },

    /** Ends a friendship, or takes back the caller's own ask. */
    remove(userId: number, otherId: number) {
      return change(userId, otherId, async (tx) => {
        const mine = await rowOf(tx, userId, otherId);
        if (!mine) return failure('friend/not_friends', `You are not friends with user ${otherId}`);
        const pair = or(
          and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)),
          and(eq(friendships.userId, otherId), eq(friendships.friendId, userId)),
        );
        // The other's pending ask to the caller is theirs to take back: only accepted rows go with the caller's.
        await tx
          .delete(friendships)
          .where(mine.status === 'accepted' ? pair : and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)));
        return ok(null);
      });
    },

    async areFriends(userId: number, otherId: number): Promise<boolean> {
      return (await rowOf(store.db, userId, otherId))?.status === 'accepted';
    },

    /** The caller's friends, online ones first is left to the page: the order is stable (name). */
    async list(userId: number, page: number, limit: number): Promise<Page<FriendLine>> {
      const rows = await store.db
        .select({ id: users.id, username: users.username, avatar: users.avatarUrl, country: users.country })
        .from(friendships)
        .innerJoin(users, eq(users.id, friendships.friendId))
        .where(and(eq(friendships.userId, userId), eq(friendships.status, 'accepted')))
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
        .limit(limit + 1)
        .offset((page - 1) * limit);
      const shown = rows.slice(0, limit);
      const tables = await tablesOf(
        userId,
        shown.map((r) => r.id),
      );
      const items = await Promise.all(
        shown.map(async (r): Promise<FriendLine> => {
          const roomId = tables.get(r.id);
          return {
            user_id: r.id,
            username: r.username,
            avatar: r.avatar,
            country: r.country,
            is_online: await isOnline(r.id),
            ...(roomId === undefined ? {} : { room_id: roomId }),
          };
        }),
      );
      return { items, hasNext: rows.length > limit };
    },

    /** Asks the caller received and has not answered, newest first. */
    async requests(userId: number, page: number, limit: number): Promise<Page<FriendRequestLine>> {
      const rows = await store.db
        .select({ user_id: users.id, username: users.username, avatar: users.avatarUrl, country: users.country, at: friendships.createdAt })
        .from(friendships)
        .innerJoin(users, eq(users.id, friendships.userId))
        .where(and(eq(friendships.friendId, userId), eq(friendships.status, 'pending')))
        .orderBy(desc(friendships.createdAt), desc(users.id))
        .limit(limit + 1)
        .offset((page - 1) * limit);
      const items = rows.slice(0, limit).map(({ at, ...r }) => ({ ...r, requested_at: at.toISOString() }));
      return { items, hasNext: rows.length > limit };
    },
  };

  function isOnline(userId: number): Promise<boolean> {
    return isUserOnline(options.realtime, userId);
  }

  /**
   * The open table each friend sits at, when the caller may join or watch it: a public room, one
   * the caller sits at too, or a private one the caller's invitation still opens. A private table without
   * either would only ask for a password the caller does not have, so it is left out.
   */
  async function tablesOf(userId: number, friendIds: number[]): Promise<Map<number, number>> {
    if (friendIds.length === 0) return new Map();
    const mayEnter = or(
      isNull(rooms.passwordHash),
      sql`exists (select 1 from ${roomSeats} s where s.room_id = ${rooms.id} and s.user_id = ${userId})`,
      // An invitation that still opens the room (rooms/room-invites.ts `hasRoomInvite`): the creator's,
      // who still sits there and is still the caller's friend.
      sql`exists (select 1 from ${roomInvites} i
        join ${roomSeats} cs on cs.room_id = i.room_id and cs.user_id = i.invited_by
        join ${friendships} f on f.user_id = i.invited_by and f.friend_id = i.user_id and f.status = 'accepted'
        where i.room_id = ${rooms.id} and i.user_id = ${userId} and i.invited_by = ${rooms.creatorId})`,
    );
    const rows = await store.db
      .select({ userId: roomSeats.userId, roomId: rooms.id })
      .from(roomSeats)
      .innerJoin(rooms, eq(rooms.id, roomSeats.roomId))
      .where(and(inArray(roomSeats.userId, friendIds), ne(rooms.status, 'FINISHED'), mayEnter))
      .orderBy(desc(rooms.id));
    const found = new Map<number, number>();
    for (const row of rows) if (!found.has(row.userId)) found.set(row.userId, row.roomId);
    return found;
  }
}

export type FriendsService = ReturnType<typeof createFriendsService>;

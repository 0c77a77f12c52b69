import type { PersonRef } from '@durak/protocol';
import { and, eq } from 'drizzle-orm';
import type { RateWindows } from '../limits/index.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Db, Store, Tx } from '../store/db.js';
import { friendships, roomInvites } from '../store/friends-schema.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import { publishOrder, withPublications, type Publisher } from '../publishing/outbox.js';
import { lockRoom, seatsOfRoom } from '../room-core/room-store.js';

export interface RoomInvitesOptions {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly areFriends: (userId: number, otherId: number) => Promise<boolean>;
  readonly now?: () => Date;
  /** Counts invitations per user: each is a notice on a friend's screen. */
  readonly windows?: RateWindows;
}

/** Invitations one player may send within INVITE_WINDOW_MS. */
export const INVITES_PER_WINDOW = 30;
export const INVITE_WINDOW_MS = 10 * 60_000;

/**
 * Whether the user holds an invitation that still opens the room without its password
 * (FEATURES.md §17): sent by the room's creator, who still sits there and is still the user's
 * friend. An invitation lapses when its sender leaves or the friendship ends, and an invited
 * player's own invitations open nothing (they could pass the room on).
 */
export async function hasRoomInvite(db: Db | Tx, roomId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ roomId: roomInvites.roomId })
    .from(roomInvites)
    .innerJoin(rooms, and(eq(rooms.id, roomInvites.roomId), eq(rooms.creatorId, roomInvites.invitedBy)))
    .innerJoin(roomSeats, and(eq(roomSeats.roomId, roomInvites.roomId), eq(roomSeats.userId, roomInvites.invitedBy)))
    .innerJoin(
      friendships,
      and(eq(friendships.userId, roomInvites.invitedBy), eq(friendships.friendId, roomInvites.userId), eq(friendships.status, 'accepted')),
    )
    .where(and(eq(roomInvites.roomId, roomId), eq(roomInvites.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * "Invite to my table" (FEATURES.md §11): a seated player of a waiting room invites a friend. The
 * invitation is a row (so any node lets the friend in without the password, and it outlives a
 * reload), and the friend hears of it on `#id` after the commit.
 */
export function createRoomInvites(options: RoomInvitesOptions) {
  const now = options.now ?? (() => new Date());
  const { publisher } = options;

  return {
    async invite(userId: number, roomId: number, friendId: number): Promise<Result<{ room_id: number; user_id: number }>> {
      if (friendId === userId || !(await options.areFriends(userId, friendId))) {
        return failure('room/not_a_friend', `User ${friendId} is not your friend`, { field: 'user_id' });
      }
      if (options.windows && !(await options.windows.take(`room-invite:${userId}`, INVITES_PER_WINDOW, INVITE_WINDOW_MS))) {
        return failure('request/rate_limited', 'Too many invitations: try again in a few minutes');
      }
      return withPublications(
        options.store,
        publisher,
        publishOrder.room(roomId),
        async (tx, outbox): Promise<Result<{ room_id: number; user_id: number }>> => {
          // The room's lock: the invitation and a start of the game cannot cross.
          const room = await lockRoom(tx, roomId);
          if (!room) return failure('room/not_found', `No room ${roomId}`);
          if (room.status === 'FINISHED') return failure('room/finished', 'This room is closed');
          if (room.status === 'in_progress') return failure('room/already_started', 'The game has started');
          const seats = await seatsOfRoom(tx, roomId);
          if (!seats.some((s) => s.userId === userId))
            return failure('room/not_seated', 'Only a player seated at this table can invite to it');
          if (seats.some((s) => s.userId === friendId)) return failure('room/already_seated', 'Your friend already sits at this table');
          const at = now();
          await tx
            .insert(roomInvites)
            .values({ roomId, userId: friendId, invitedBy: userId, createdAt: at })
            .onConflictDoUpdate({ target: [roomInvites.roomId, roomInvites.userId], set: { invitedBy: userId, createdAt: at } });
          const [from] = await tx
            .select({ user_id: users.id, username: users.username, avatar: users.avatarUrl })
            .from(users)
            .where(eq(users.id, userId));
          outbox.toUser(friendId, { type: 'room_invite', room_id: roomId, from: from as PersonRef });
          return ok({ room_id: roomId, user_id: friendId });
        },
      );
    },
  };
}

export type RoomInvites = ReturnType<typeof createRoomInvites>;

import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rooms } from './rooms-schema.js';
import { users } from './schema.js';

/**
 * One row per direction (0018_friends.sql): an ask is the asker's row, `pending`; a friendship is
 * both rows `accepted`, so each side's list is one index range.
 */
export const friendships = pgTable(
  'friendships',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    friendId: bigint('friend_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'pending' | 'accepted'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'friendships_pk', columns: [t.userId, t.friendId] }),
    index('friendships_incoming_idx').on(t.friendId, t.status),
  ],
);

/** A friend invited to a waiting table: seated there without the private room's password. */
export const roomInvites = pgTable(
  'room_invites',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => rooms.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    invitedBy: bigint('invited_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'room_invites_pk', columns: [t.roomId, t.userId] })],
);

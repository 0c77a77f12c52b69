import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { rooms } from './rooms-schema.js';
import { users } from './schema.js';

/** Every message of a table's chat (migration 0017): a quick phrase by id, or a masked text. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => rooms.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    phraseId: text('phrase_id'),
    /** Already masked: the unmasked words are never stored. */
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_messages_phrase_or_text', sql`(${t.phraseId} is null) <> (${t.text} is null)`),
    check('chat_messages_text_length', sql`char_length(${t.text}) between 1 and 200`),
    index('chat_messages_room_idx').on(t.roomId, t.id),
  ],
);

/** A player's report of another at one table, for the admins; one per reporter, reported and room. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => rooms.id),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reportedId: bigint('reported_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while open; set once by the admin who resolved it (migration 0025). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    unique('chat_reports_once').on(t.roomId, t.reporterId, t.reportedId),
    check('chat_reports_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
    index('chat_reports_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);

/** Who watched a table while its game ran (migration 0025): they may report from it, as its players may. */
export const roomWatchers = pgTable(
  'room_watchers',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => rooms.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'room_watchers_pk', columns: [t.roomId, t.userId] })],
);

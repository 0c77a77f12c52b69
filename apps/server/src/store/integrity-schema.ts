import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/** Who signed in from where (FEATURES.md §12): the web's device id, the address, the Telegram user. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull().$type<'register' | 'login' | 'telegram'>(),
    deviceId: text('device_id'),
    address: text('address'),
    telegramId: bigint('telegram_id', { mode: 'bigint' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_events_user_idx').on(t.userId, t.at)],
);

/** A finished game the integrity scan has not read yet (a sweeper task takes them). */
export const integrityQueue = pgTable('integrity_queue', {
  roomId: bigint('room_id', { mode: 'number' }).primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

export type CaseKind = 'chip_dumping' | 'linked_accounts' | 'soft_play' | 'machine_play' | 'stand_in_share';
export type CaseStatus = 'open' | 'frozen' | 'confirmed' | 'dismissed';
export type CaseRole = 'receiver' | 'feeder' | 'member';

/** One case per group of accounts (`group_key` unique): a ring found again updates its case. */
export const integrityCases = pgTable(
  'integrity_cases',
  {
    id: serial('id').primaryKey(),
    groupKey: text('group_key').notNull().unique(),
    kind: text('kind').notNull().$type<CaseKind>(),
    score: doublePrecision('score').notNull(),
    status: text('status').notNull().default('open').$type<CaseStatus>(),
    chipsMoved: bigint('chips_moved', { mode: 'bigint' }).notNull().default(0n),
    games: bigint('games', { mode: 'number' }).array().notNull().default([]),
    evidence: jsonb('evidence').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    frozenBy: bigint('frozen_by', { mode: 'number' }).references(() => users.id),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    settlement: jsonb('settlement'),
  },
  (t) => [index('integrity_cases_status_idx').on(t.status, t.openedAt)],
);

/**
 * A case's accounts, read and written with raw SQL (cases-read.ts, cases-actions.ts); declared for
 * the schema's completeness.
 * @public
 */
export const integrityCaseAccounts = pgTable(
  'integrity_case_accounts',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => integrityCases.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    role: text('role').notNull().$type<CaseRole>(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.userId] }), index('integrity_case_accounts_user_idx').on(t.userId)],
);

/** What the replay of a finished game found about each person's play (0026, integrity/replay.ts). */
export const integritySeatFacts = pgTable(
  'integrity_seat_facts',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The player's own late-game choices compared with the `hard` bot's, and how many matched. */
    decisions: integer('decisions').notNull().default(0),
    matches: integer('matches').notNull().default(0),
    /** Moves a `hard` bot would never make. */
    gifts: integer('gifts').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'integrity_seat_facts_pk', columns: [t.roomId, t.userId] })],
);

import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/** Home-page banners, shown while `start_date <= now < end_date`, in the admins' `position` order. */
export const banners = pgTable(
  'banners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The caption per language (code -> text); `description` is the default for the others. */
    captions: jsonb('captions').$type<Partial<Record<string, string>>>().notNull().default({}),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    imageUrl: text('image_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_position_idx').on(t.position, t.id), check('banners_interval', sql`${t.startDate} < ${t.endDate}`)],
);

/** Every admin write, appended in the write's own transaction (append-only by trigger). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    /** Why, in the admin's words (the confirm dialog's reason), when given. */
    reason: text('reason'),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc())],
);

/** What an agent's downline brought on one day; written when games settle and deposits land. */
export const agentRollups = pgTable(
  'agent_rollups',
  {
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    games: integer('games').notNull().default(0),
    rake: bigint('rake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Chips x basis points: the exact commission, never rounded per game. */
    commissionUnits: bigint('commission_units', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    deposits: bigint('deposits', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ name: 'agent_rollups_pk', columns: [t.agentId, t.day] })],
);

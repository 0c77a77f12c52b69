import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema.js';

/** A player's own limits, break, self-exclusion, age and next reality check (FEATURES.md §13; 0021). */
export const responsibleLimits = pgTable(
  'responsible_limits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    depositDay: bigint('deposit_day', { mode: 'bigint' }),
    depositWeek: bigint('deposit_week', { mode: 'bigint' }),
    depositMonth: bigint('deposit_month', { mode: 'bigint' }),
    lossDay: bigint('loss_day', { mode: 'bigint' }),
    lossWeek: bigint('loss_week', { mode: 'bigint' }),
    lossMonth: bigint('loss_month', { mode: 'bigint' }),
    sessionMinutes: integer('session_minutes'),
    realityCheckMinutes: integer('reality_check_minutes'),
    timeoutUntil: timestamp('timeout_until', { withTimezone: true }),
    excludedUntil: timestamp('excluded_until', { withTimezone: true }),
    birthDate: date('birth_date'),
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
    isUnderage: boolean('is_underage').notNull().default(false),
    /** The next reality check; set by the first stake after the last one, swept by any node. */
    realityCheckDueAt: timestamp('reality_check_due_at', { withTimezone: true }),
    /** A reality check published and not yet answered: the web shows it again on the next load. */
    realityCheckShownAt: timestamp('reality_check_shown_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('responsible_limits_reality_check_idx')
      .on(t.realityCheckDueAt)
      .where(sql`${t.realityCheckDueAt} is not null`),
  ],
);

/** A raised or removed limit waiting out its 24 hours (value null = removed). */
export const responsiblePendingLimits = pgTable(
  'responsible_pending_limits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'bigint' }),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'responsible_pending_limits_pk', columns: [t.userId, t.name] })],
);

import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  bigserial,
  boolean,
  check,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash'),
    telegramId: bigint('telegram_id', { mode: 'bigint' }).unique(),
    avatarUrl: text('avatar_url'),
    country: char('country', { length: 2 }),
    language: text('language'),
    // Fixed at first sign-up and never changed (referral tree; DESIGN.md §12 agent hierarchy).
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    /** A computer player of practice rooms: no password, never signs in, never rated (docs/rooms.md). */
    isBot: boolean('is_bot').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Admin area (0006_admin.sql): the referral path root-first (set by a trigger at insert), an
    // agent's RevShare rate, and the last settled game (active players).
    ancestors: bigint('ancestors', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    commissionBps: integer('commission_bps').notNull().default(0),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }),
    // Going live (0011_revocation.sql): access tokens older than this version are refused.
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set while a ban holds; `bannedUntil` null = until an admin lifts it. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    banReason: text('ban_reason'),
    /** UTS #39 skeleton of the username (accounts/username-skeleton.ts); unique, so look-alikes are one name. */
    usernameSkeleton: text('username_skeleton').unique('users_username_skeleton_idx'),
    /** Fair play (0020): the open integrity case that froze this account; null = not frozen (FEATURES.md §12). */
    frozenCaseId: integer('frozen_case_id'),
  },
  (t) => [
    index('users_parent_idx').on(t.parentId),
    // "Ivan" and "ivan" are one name: nobody may pass for another player by case alone.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    check('users_not_own_parent', sql`${t.parentId} <> ${t.id}`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_known', sql`${t.role} in ('player','agent','admin')`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set when rotated: presenting a rotated token again is reuse and revokes the family.
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Every holder of chips: user wallets (user_id + wallet_type) and system accounts (system_key +
 * wallet_type: issuance, rake, deposits, `room:{id}`, `tournament:{id}`). Chips of different
 * wallet types never mix. Balances of user wallets may not go below zero — a CHECK, so even a
 * buggy caller cannot overdraw; system accounts may (issuance is negative by construction).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    systemKey: text('system_key'),
    walletType: text('wallet_type').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    unique('accounts_user_wallet').on(t.userId, t.walletType),
    unique('accounts_system_wallet').on(t.systemKey, t.walletType),
    check('accounts_one_owner', sql`(${t.userId} is null) <> (${t.systemKey} is null)`),
    check('accounts_user_not_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
    check('accounts_wallet_type', sql`${t.walletType} in ('BALANCE','BONUS_BALANCE')`),
  ],
);

/** One row per money movement; the idempotency key is what makes a retried request pay once. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    fromAccountId: bigint('from_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    toAccountId: bigint('to_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    memo: jsonb('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_transfers_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
  ],
);

/** Double entry: each transfer writes one negative and one positive line. Append-only. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId)],
);

export const emoji = pgTable('emoji', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  isThrowable: boolean('is_throwable').notNull(),
});

export const betPresets = pgTable('bet_presets', {
  amount: bigint('amount', { mode: 'bigint' }).primaryKey(),
  sortOrder: integer('sort_order').notNull(),
});

/** Small key/value facts about this installation (e.g. when the catalogue was seeded). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/** Cosmetics (FEATURES.md §2): card backs and table felts; price 0 is a free default everyone owns. */
export const assets = pgTable(
  'assets',
  {
    id: integer('id').primaryKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    balanceType: text('balance_type').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    check('assets_type', sql`${t.type} in ('CARD_BACK','TABLE')`),
    check('assets_price', sql`${t.price} >= 0`),
    check('assets_wallet_type', sql`${t.balanceType} in ('BALANCE','BONUS_BALANCE')`),
  ],
);

/**
 * What a user owns; `type` is copied from the asset so "one active per type" is a unique index
 * the database enforces, not only code. Free defaults have no row: owning them is implied.
 */
export const userAssets = pgTable(
  'user_assets',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    type: text('type').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.assetId] }),
    uniqueIndex('user_assets_one_active')
      .on(t.userId, t.type)
      .where(sql`${t.isActive}`),
  ],
);

/** Chip packs (bought through a deposit provider) and conversion offers between wallet types. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    balanceType: text('balance_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    imageUrl: text('image_url').notNull(),
    fromWallet: text('from_wallet'),
    toWallet: text('to_wallet'),
    fromAmount: bigint('from_amount', { mode: 'bigint' }),
    toAmount: bigint('to_amount', { mode: 'bigint' }),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    check('products_kind', sql`${t.kind} in ('chips','conversion')`),
    check(
      'products_conversion_complete',
      sql`${t.kind} <> 'conversion' or (${t.fromWallet} is not null and ${t.toWallet} is not null and ${t.fromWallet} <> ${t.toWallet} and ${t.fromAmount} > 0 and ${t.toAmount} > 0)`,
    ),
  ],
);

/**
 * A deposit through a provider: created pending (or completed at once by the sandbox); the
 * provider's charge id is UNIQUE, so a payment notice delivered twice completes it once.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    walletType: text('wallet_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull().default('pending'),
    payUrl: text('pay_url'),
    externalChargeId: text('external_charge_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('deposits_user_key').on(t.userId, t.idempotencyKey),
    check('deposits_status', sql`${t.status} in ('pending','completed')`),
    check('deposits_positive', sql`${t.amount} > 0`),
  ],
);

/** One row per claimed UTC day; the primary key is what makes concurrent claims pay once. */
export const dailyRewards = pgTable(
  'daily_rewards',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    streakDay: integer('streak_day').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    walletType: text('wallet_type').notNull(),
    maxUses: integer('max_uses').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An admin disables a code rather than deleting it (its uses stay in the books). */
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    // Codes are typed by people: "SPRING" and "spring" are one code.
    uniqueIndex('promo_codes_code_lower_idx').on(sql`lower(${t.code})`),
    check('promo_codes_uses', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.maxUses}`),
    check('promo_codes_positive', sql`${t.amount} > 0`),
  ],
);

export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    promoCodeId: bigint('promo_code_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.userId] }), index('promo_code_uses_user_idx').on(t.userId)],
);

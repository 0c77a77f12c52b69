import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/**
 * Each player's current provably fair seed pair (FEATURES.md §4). The row is also the player's
 * spin lock: a spin takes it FOR UPDATE, so one player's spins run one at a time and each gets
 * the next nonce. The server seed never leaves the server until it is rotated.
 */
export const banditSeeds = pgTable(
  'bandit_seeds',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull().unique(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce of the next spin; starts at 0 for every server seed. */
    nonce: integer('nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last spin's time by the server's clock: the next one waits BANDIT_MIN_SPIN_MS (0021). */
    lastSpinAt: timestamp('last_spin_at', { withTimezone: true }),
  },
  (t) => [check('bandit_seeds_nonce', sql`${t.nonce} >= 0`)],
);

/** Server seeds that were rotated out and are now public: what past spins are verified against. */
export const banditRevealedSeeds = pgTable('bandit_revealed_seeds', {
  serverSeedHash: text('server_seed_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  serverSeed: text('server_seed').notNull(),
  revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per spin, written in the same transaction as its stake and win. The (user, key) pair
 * makes a retried spin answer the first one; (seed hash, nonce) says no nonce is used twice.
 */
export const banditSpins = pgTable(
  'bandit_spins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    balanceType: text('balance_type').notNull(),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    stops: smallint('stops').array().notNull(),
    multiplier: integer('multiplier').notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bandit_spins_user_key').on(t.userId, t.idempotencyKey),
    unique('bandit_spins_seed_nonce').on(t.serverSeedHash, t.nonce),
    index('bandit_spins_user_idx').on(t.userId, t.id),
    check('bandit_spins_bet_positive', sql`${t.bet} > 0`),
    check('bandit_spins_win_not_negative', sql`${t.win} >= 0`),
    check('bandit_spins_wallet_type', sql`${t.balanceType} in ('BALANCE','BONUS_BALANCE')`),
  ],
);

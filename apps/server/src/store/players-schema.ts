import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/**
 * A player's rating (Glicko-2) and career totals, written in the transaction that pays out each
 * finished game, so the career page reads one row instead of scanning every game.
 */
export const playerStats = pgTable(
  'player_stats',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    rating: doublePrecision('rating').notNull().default(1500),
    rd: doublePrecision('rd').notNull().default(350),
    volatility: doublePrecision('volatility').notNull().default(0.06),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    defeats: integer('defeats').notNull().default(0),
    draws: integer('draws').notNull().default(0),
    currentStreak: integer('current_streak').notNull().default(0),
    bestStreak: integer('best_streak').notNull().default(0),
    wonBalance: bigint('won_balance', { mode: 'bigint' }).notNull().default(0n),
    lostBalance: bigint('lost_balance', { mode: 'bigint' }).notNull().default(0n),
    wonBonus: bigint('won_bonus', { mode: 'bigint' }).notNull().default(0n),
    lostBonus: bigint('lost_bonus', { mode: 'bigint' }).notNull().default(0n),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_stats_rating_idx').on(sql`${t.rating} desc`, t.userId)],
);

/** One row per rated game: the rating chart and the week's table read it. */
export const ratingHistory = pgTable(
  'rating_history',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    rating: doublePrecision('rating').notNull(),
    rd: doublePrecision('rd').notNull(),
    result: text('result').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] }), index('rating_history_at_idx').on(t.at, t.userId)],
);

/**
 * A referral bonus that is due: written once (the friend's first finished game, primary key on
 * the friend) in the game's transaction, paid by the sweeper in a transaction of its own.
 */
export const referralBonuses = pgTable('referral_bonuses', {
  friendId: bigint('friend_id', { mode: 'number' }).primaryKey(),
  parentId: bigint('parent_id', { mode: 'number' }).notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** One view per user, video and UTC day. */
export const videoViews = pgTable(
  'video_views',
  {
    videoId: text('video_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId, t.day] })],
);

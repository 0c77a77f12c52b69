import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ruleColumns } from './rule-columns.js';
import { users } from './schema.js';

/** Payout presets in basis points of the pool, places 1, 2, ... (seeded by the migration). */
export const payoutPresets = pgTable('payout_presets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  places: integer('places').array().notNull(),
});

/**
 * A knockout tournament. `due_at` is its next deadline of any kind (the start, or the seating of
 * the next round after the break); every node's sweeper takes due rows with SKIP LOCKED, so a
 * tournament goes on when the node that ran its last round dies. The row lock serialises
 * registrations, rebuys, round ends and admin changes of one tournament.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull().default('registration'),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    buyIn: bigint('buy_in', { mode: 'bigint' }).notNull(),
    balanceType: text('balance_type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    minPlayers: integer('min_players').notNull(),
    maxPlayers: integer('max_players').notNull(),
    roomSize: smallint('room_size').notNull(),
    ...ruleColumns(),
    rebuyRounds: integer('rebuy_rounds').notNull().default(0),
    rebuyPrice: bigint('rebuy_price', { mode: 'bigint' }).notNull().default(0n),
    guaranteedPool: bigint('guaranteed_pool', { mode: 'bigint' }).notNull().default(0n),
    /** The house fee per entry and per rebuy, paid wallet -> house beside it; never in the pool. */
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(0n),
    /** Fees the house has kept (net of refunds): the admin list's rake. */
    feesTaken: bigint('fees_taken', { mode: 'bigint' }).notNull().default(0n),
    payoutPresetId: integer('payout_preset_id')
      .notNull()
      .references(() => payoutPresets.id),
    isPinned: boolean('is_pinned').notNull().default(false),
    round: integer('round').notNull().default(0),
    /** The round seated as the final (its finishing order gives the top places); null before. */
    finalRound: integer('final_round'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Every buy-in and rebuy paid into the pool, less withdrawals. */
    paidIn: bigint('paid_in', { mode: 'bigint' }).notNull().default(0n),
    /** Prizes paid out at the end. */
    paidOut: bigint('paid_out', { mode: 'bigint' }).notNull().default(0n),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** `knockout` or `arena` (FEATURES.md §15). An arena's tables are `room_size` players. */
    format: text('format').notNull().default('knockout'),
    /** An arena's length in arena minutes (ARENA_MINUTE_SECONDS each); null for a knockout. */
    durationMinutes: integer('duration_minutes'),
    /** A running arena's end: no game starts after it; set at the start. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    check('tournaments_format', sql`${t.format} in ('knockout','arena')`),
    check('tournaments_status', sql`${t.status} in ('registration','running','paused','finished','cancelled')`),
    index('tournaments_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);

/** One player's entry: registration, rebuys, what they paid in, and how far they went. */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    tournamentId: bigint('tournament_id', { mode: 'number' })
      .notNull()
      .references(() => tournaments.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    isRegistered: boolean('is_registered').notNull().default(true),
    /** How many times the player registered (a withdrawal and a new registration pay again). */
    registrations: integer('registrations').notNull().default(1),
    rebuys: integer('rebuys').notNull().default(0),
    /** What this player has in the pool: refunded in full when the tournament is cancelled. */
    paidIn: bigint('paid_in', { mode: 'bigint' }).notNull().default(0n),
    /** What this player paid the house in fees: refunded with the pool money on withdrawal or cancellation. */
    feePaid: bigint('fee_paid', { mode: 'bigint' }).notNull().default(0n),
    isEliminated: boolean('is_eliminated').notNull().default(false),
    eliminatedRound: integer('eliminated_round'),
    roundReached: integer('round_reached').notNull().default(0),
    lastGamePlace: integer('last_game_place'),
    place: integer('place'),
    prize: bigint('prize', { mode: 'bigint' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    // An arena's board and pairing (FEATURES.md §15).
    points: integer('points').notNull().default(0),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    /** Wins in a row; from 2 on each further win scores 4. */
    streak: integer('streak').notNull().default(0),
    /** Out of the pairing by the player's own `pause`. */
    isPaused: boolean('is_paused').notNull().default(false),
    /** The game the player sits at now; null when free. */
    currentRoomId: bigint('current_room_id', { mode: 'number' }),
    /** The player's last game: its table is not repeated at once while others are free. */
    lastRoomId: bigint('last_room_id', { mode: 'number' }),
    /** Since when the player waits for a table (the longest waiting are seated first). */
    freeSince: timestamp('free_since', { withTimezone: true }),
    /** When the player reached their present score (the last tie-break: earlier is better). */
    scoredAt: timestamp('scored_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId] }), index('tournament_entries_user_idx').on(t.userId)],
);

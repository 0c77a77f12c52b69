import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ruleColumns } from './rule-columns.js';
import { users } from './schema.js';

/**
 * A room and its game in one row: the row lock (SELECT ... FOR UPDATE) is the one lock every
 * seat change, game action and timer expiry of the room takes, so two of them never interleave.
 * `expires_at` is the next deadline of any kind (an unready seat, a turn, a catch window); the
 * sweeper on every node looks for due rows through its index.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status').notNull().default('pending'),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    balanceType: text('balance_type').notNull(),
    playerCount: smallint('player_count').notNull(),
    ...ruleColumns(),
    /** Two against two, partners opposite (FEATURES.md §16); a room's own, tournaments do not have it (0024). */
    isTeamMode: boolean('is_team_mode').notNull().default(false),
    /** Dealt before issue 40's seat-order fix: its game keeps the old order so its record replays as played (0024). */
    isLegacySeatOrder: boolean('is_legacy_seat_order').notNull().default(false),
    /** scrypt `salt:hash`; never leaves the server. */
    passwordHash: text('password_hash'),
    /** The engine's GameState (JSONB); null until the game starts. Never sent to a client whole. */
    gameState: jsonb('game_state'),
    seq: integer('seq').notNull().default(0),
    seedHash: text('seed_hash'),
    /** When the current turn timer started (what the watch state's timers show). */
    timerStartedAt: timestamp('timer_started_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The published result: `[{ player_id, result, place, amount }]`, signed amounts as strings. */
    results: jsonb('results'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A tournament game's tournament (no stake: bet 0); null for a lobby room. */
    tournamentId: bigint('tournament_id', { mode: 'number' }),
    tournamentRound: integer('tournament_round'),
    /** A practice room's computer players' level (easy | normal | hard); null for a room of people. */
    botLevel: text('bot_level'),
    /** The creator of a practice game they still play, else null: unique, one such game per user (0011). */
    practiceUserId: bigint('practice_user_id', { mode: 'number' })
      .unique('rooms_one_practice_per_user_idx')
      .references(() => users.id),
    /** The room of this finished game's rematch, set once under this row's lock (FEATURES.md §6). */
    rematchRoomId: bigint('rematch_room_id', { mode: 'number' }),
    /** Each player's time bank, ms (player id -> ms); refilled when a game starts. */
    timeBanks: jsonb('time_banks').$type<Record<string, number>>().notNull().default({}),
    /** Since when the awaited players' banks run (expires_at is then the bank's end); null otherwise. */
    bankStartedAt: timestamp('bank_started_at', { withTimezone: true }),
    /** Why a player left the game early: player id -> 'timeout' | 'surrender' | 'left'. */
    exitReasons: jsonb('exit_reasons').$type<Record<string, 'timeout' | 'surrender' | 'left'>>().notNull().default({}),
    /** The seats the computer plays for (player id -> true) until their player returns (FEATURES.md §11). */
    standIns: jsonb('stand_ins').$type<Record<string, boolean>>().notNull().default({}),
    /** Since when a seated player has had no connection to the room's channel (player id -> ISO time). */
    offlineSince: jsonb('offline_since').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    check('rooms_status', sql`${t.status} in ('pending','ready','in_progress','FINISHED')`),
    check('rooms_bet_not_negative', sql`${t.betAmount} >= 0`),
    check('rooms_bot_level', sql`${t.botLevel} in ('easy','normal','hard')`),
    index('rooms_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
    index('rooms_lobby_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'FINISHED'`),
    index('rooms_practice_idx')
      .on(t.creatorId)
      .where(sql`${t.botLevel} is not null and ${t.status} = 'in_progress'`),
  ],
);

export const roomSeats = pgTable(
  'room_seats',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => rooms.id),
    position: smallint('position').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    isReady: boolean('is_ready').notNull().default(false),
    /** An unready seat is freed at this time (pending and ready rooms only). */
    readyDeadline: timestamp('ready_deadline', { withTimezone: true }),
    seatedAt: timestamp('seated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.position] }),
    unique('room_seats_one_per_user').on(t.roomId, t.userId),
    index('room_seats_user_idx').on(t.userId),
  ],
);

/** Every step of a game in order: seq 0 is the deal, then one row per applied action. */
export const gameEvents = pgTable(
  'game_events',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => rooms.id),
    seq: integer('seq').notNull(),
    /** The engine action (player ids as strings); null for the deal. */
    action: jsonb('action'),
    /** The public engine events it produced. */
    events: jsonb('events').notNull(),
    /** What made the step (0020): null = the player's own move, 'stand_in', 'timeout' or 'left'. */
    cause: text('cause'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq] })],
);

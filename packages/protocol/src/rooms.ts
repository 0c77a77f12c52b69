import { DEFAULT_OPTIONS } from '@durak/engine';
import { z } from 'zod';
import { chipsAmountBetween, chipsAmountOrZero, pageQuery, queryNumber, roomPathId } from './bounds.js';
import { chips, links, walletType } from './common.js';

/** The spec's limits on a room's bet (SPEC "Filter defaults"). */
export const MIN_BET = 100n;
export const MAX_BET = 10_000_000n;
/** The spec's bet presets; any whole amount within MIN_BET..MAX_BET is accepted as well. */
export const BET_PRESETS = [100, 999, 1000, 4999, 5000, 9999, 10000, 24999, 25000, 49999, 50000, 100000] as const;

export const suit = z.enum(['clubs', 'hearts', 'spades', 'diamonds']);
export const rank = z.enum(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']);
export const card = z.object({ suit, rank });
export type CardPayload = z.infer<typeof card>;

export const roomStatus = z.enum(['pending', 'ready', 'in_progress', 'FINISHED']);
export type RoomStatus = z.infer<typeof roomStatus>;
export const cardTransferPermission = z.enum(['ALL_PLAYERS', 'NEIGHBORS_ONLY']);
export const seatResult = z.enum(['victory', 'defeat', 'draw', 'late_joined']);

/** A bet as a decimal string or a whole number, within MIN_BET..MAX_BET; parsed to a bigint. */
export const betAmount = chipsAmountBetween(MIN_BET, MAX_BET);
const isBetInRange = (v: bigint) => v >= MIN_BET && v <= MAX_BET;
const betRangeMessage = `must be a whole number of chips from ${MIN_BET} to ${MAX_BET}`;

/** The rules a table plays by, with their defaults: a room's own, and a tournament's for all its tables. */
export const ruleOptionFields = {
  deck_size: z.union([z.literal(24), z.literal(36)]),
  is_speed_mode: z.boolean().default(DEFAULT_OPTIONS.is_speed_mode),
  is_transfer_allowed: z.boolean().default(DEFAULT_OPTIONS.is_transfer_allowed),
  is_cheating_allowed: z.boolean().default(DEFAULT_OPTIONS.is_cheating_allowed),
  is_draw_allowed: z.boolean().default(DEFAULT_OPTIONS.is_draw_allowed),
  is_death_match_allowed: z.boolean().default(DEFAULT_OPTIONS.is_death_match_allowed),
  is_classic_mode_allowed: z.boolean().default(DEFAULT_OPTIONS.is_classic_mode_allowed),
  card_transfer_permission: cardTransferPermission.default(DEFAULT_OPTIONS.card_transfer_permission),
  secret_trump_mode: z.boolean().default(DEFAULT_OPTIONS.secret_trump_mode),
};

/** The decks a room may deal: 24 (9..A), 36 (6..A) or 52 (2..A). */
export const DECK_SIZES = [24, 36, 52] as const;
export const roomDeckSize = z.union([z.literal(24), z.literal(36), z.literal(52)]);

/** How well a practice room's computer players play (FEATURES.md §7). */
export const botLevel = z.enum(['easy', 'normal', 'hard']);
export type BotLevel = z.infer<typeof botLevel>;
/** A practice room seats its creator and 1..MAX_BOTS computer players. */
export const MAX_BOTS = 5;

/**
 * A new room. With `bots` it is a practice room (docs/rooms.md): no stakes, so `bet_amount` may be
 * left out or 0 (nothing else), and the seats besides the creator's are the bots', so
 * `player_count` may be left out and otherwise must be `bots + 1`.
 */
export const createRoomBody = z
  .object({
    // 0 is a practice room's "no stake"; the range of a real bet is checked below.
    bet_amount: chipsAmountOrZero.optional(),
    player_count: z.number().int().min(2).max(6).optional(),
    balance_type: walletType.default('BONUS_BALANCE'),
    ...ruleOptionFields,
    // A room may also deal 52 cards and play two against two (FEATURES.md §16); a tournament not yet.
    deck_size: roomDeckSize,
    is_team_mode: z.boolean().default(false),
    password: z.string().min(1).max(64).optional(),
    bots: z.number().int().min(1).max(MAX_BOTS).optional(),
    bot_level: botLevel.optional(),
  })
  .superRefine((v, ctx) => {
    const isPractice = v.bots !== undefined;
    if (isPractice && v.bet_amount !== undefined && v.bet_amount !== 0n) {
      ctx.addIssue({ code: 'custom', path: ['bet_amount'], message: 'a practice room (bots) has no stake: leave it out or send 0' });
    }
    if (!isPractice && v.bet_amount === undefined) ctx.addIssue({ code: 'custom', path: ['bet_amount'], message: 'Required' });
    if (!isPractice && v.bet_amount !== undefined && !isBetInRange(v.bet_amount))
      ctx.addIssue({ code: 'custom', path: ['bet_amount'], message: betRangeMessage });
    if (!isPractice && v.player_count === undefined) ctx.addIssue({ code: 'custom', path: ['player_count'], message: 'Required' });
    if (!isPractice && v.bot_level !== undefined) ctx.addIssue({ code: 'custom', path: ['bot_level'], message: 'only with bots' });
    if (isPractice && v.player_count !== undefined && v.player_count !== v.bots! + 1) {
      ctx.addIssue({ code: 'custom', path: ['bots'], message: "must be player_count - 1: the seats besides the creator's are the bots'" });
    }
    const playerCount = v.player_count ?? (v.bots ?? 0) + 1;
    if (v.deck_size === 24 && playerCount > 4) {
      ctx.addIssue({ code: 'custom', path: ['player_count'], message: 'a 24-card deck seats at most 4 players' });
    }
    if (v.is_team_mode && playerCount !== 4) {
      ctx.addIssue({ code: 'custom', path: ['is_team_mode'], message: 'two against two needs exactly 4 players' });
    }
    if (v.is_classic_mode_allowed === v.is_death_match_allowed) {
      ctx.addIssue({
        code: 'custom',
        path: ['is_death_match_allowed'],
        message: 'exactly one of is_classic_mode_allowed and is_death_match_allowed',
      });
    }
  })
  // Checked above: a room of people has both; a practice room's follow from its bots.
  .transform(({ bots, bot_level, ...v }) => ({
    ...v,
    bet_amount: v.bet_amount ?? 0n,
    player_count: v.player_count ?? (bots ?? 0) + 1,
    practice: bots === undefined ? null : { bots, level: bot_level ?? 'normal' },
  }));
export type CreateRoomBody = z.infer<typeof createRoomBody>;
/** What a client sends to create a room. */
export type CreateRoomInput = z.input<typeof createRoomBody>;

/** A query list: repeated (`?a=1&a=2`) or comma-separated (`?a=1,2`); empty = no filter. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((raw) => {
    if (raw === undefined || raw === '') return undefined;
    const parts = (Array.isArray(raw) ? raw : [raw])
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
    return parts.length === 0 ? undefined : parts;
  }, z.array(item).optional());
}
const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
const queryChips = chipsAmountOrZero;

/** The spec's room filter (GET rooms/). Each non-empty list matches when it contains the room's value. */
export const roomListQuery = z.object({
  ...pageQuery.shape,
  min_bet: queryChips.optional(),
  max_bet: queryChips.optional(),
  player_count: listOf(queryNumber(2, 6)),
  deck_size: listOf(queryNumber(24, 52).refine((v) => v === 24 || v === 36 || v === 52, 'must be 24, 36 or 52')),
  status: listOf(z.enum(['pending', 'ready', 'in_progress'])),
  balance_type: listOf(walletType),
  is_speed_mode: listOf(queryBool),
  is_transfer_allowed: listOf(queryBool),
  is_cheating_allowed: listOf(queryBool),
  is_draw_allowed: listOf(queryBool),
  is_death_match_allowed: listOf(queryBool),
  is_classic_mode_allowed: listOf(queryBool),
  card_transfer_permission: listOf(cardTransferPermission),
  secret_trump_mode: listOf(queryBool),
  is_team_mode: listOf(queryBool),
});
export type RoomListQuery = z.infer<typeof roomListQuery>;

export const roomIdParams = z.object({ id: roomPathId });

export const roomSeat = z.object({
  position: z.number().int(),
  player_id: z.number().int(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  country: z.string().nullable(),
  is_ready: z.boolean(),
  /** A computer player of a practice room. */
  is_bot: z.boolean(),
  /** The same person under the names of FEATURES.md §11 (`user_id`, `avatar`), as lobby seats show them. */
  user_id: z.number().int(),
  avatar: z.string().nullable(),
});

/** Who keeps the table: its creator while seated, else whoever has sat longest (docs/decisions.md). */
export const roomHost = z.object({ user_id: z.number().int(), username: z.string(), avatar: z.string().nullable() });

export const room = z.object({
  id: z.number().int(),
  status: roomStatus,
  bet_amount: chips,
  balance_type: walletType,
  player_count: z.number().int(),
  deck_size: z.number().int(),
  is_speed_mode: z.boolean(),
  is_transfer_allowed: z.boolean(),
  is_cheating_allowed: z.boolean(),
  is_draw_allowed: z.boolean(),
  is_death_match_allowed: z.boolean(),
  is_classic_mode_allowed: z.boolean(),
  card_transfer_permission: cardTransferPermission,
  secret_trump_mode: z.boolean(),
  /** Two against two (FEATURES.md §16); absent from servers before it existed. */
  is_team_mode: z.boolean().optional(),
  is_private: z.boolean(),
  /** A practice room's bots' level; null for a room of people. */
  bot_level: botLevel.nullable(),
  seats_taken: z.number().int(),
  seats: z.array(roomSeat),
  /** Null only for a room nobody sits in any more (closed). */
  host: roomHost.nullable(),
  created_at: z.string(),
  /** A finished room's rematch room, once one of its players asked for it (FEATURES.md §6). */
  rematch_room_id: z.number().int().nullable().optional(),
  /** A tournament game's tournament (no stake, no rematch); null for a lobby or practice room. */
  tournament_id: z.number().int().nullable().optional(),
});
export type RoomPayload = z.infer<typeof room>;
export const roomList = z.object({ items: z.array(room), links });
export type RoomList = z.infer<typeof roomList>;

/** A POST without a body arrives as null: treated as `{}`. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

export const seatBody = orEmpty(z.object({ position: z.number().int().min(0).max(5).optional(), password: z.string().max(64).optional() }));

/**
 * A private room's public state (watch, view, record) is for its seated players and for whoever
 * knows its password, sent in this header (not the query: URLs end up in logs and history).
 */
export const roomWatchHeaders = z.object({ 'x-room-password': z.string().max(64).optional() });
export const ROOM_PASSWORD_HEADER = 'x-room-password';

/** Every action body may name the `seq` the player saw; a different current seq is `rule/stale_seq`. */
const seqField = { seq: z.number().int().nonnegative().optional() };
export const emptyActionBody = orEmpty(z.object(seqField));
export const attackBody = z.object({ cards: z.array(card).min(1).max(6), ...seqField });
export const defenceBody = z.object({ slot_id: z.number().int().positive(), card, ...seqField });
export const transferBody = z.object({ card, ...seqField });
export const catchBody = z.object({ slot_id: z.number().int().positive(), ...seqField });

export const actionAnswer = z.object({ seq: z.number().int() });
export type ActionAnswer = z.infer<typeof actionAnswer>;

/** POST rooms/{id}/seat and rooms/{id}/rematch: the seat the caller took and the room after it. */
export const seatAnswer = z.object({ position: z.number().int(), room });
export type SeatAnswer = z.infer<typeof seatAnswer>;
export type SeatBody = z.infer<typeof seatBody>;

/** POST rooms/{id}/autoplay: hand the seat to the computer on purpose (`on: true`) or take it back. */
export const autoplayBody = z.object({ on: z.boolean() });
export const autoplayAnswer = z.object({ stand_in: z.boolean() });
export type AutoplayAnswer = z.infer<typeof autoplayAnswer>;
export const handAnswer = z.object({ items: z.array(card), seq: z.number().int() });
export type HandAnswer = z.infer<typeof handAnswer>;

export const presenceConnectAnswer = z.object({ url: z.string(), token: z.string() });

export const sendEmojiBody = z.object({
  recipient: z.object({ player_id: z.coerce.number().int().positive(), username: z.string().max(64).optional() }),
  // An emoji id is an int4 in SQL: a larger number is a bad field, never a database error.
  emoji: z.union([z.number().int().positive().max(2_147_483_647), z.string().min(1).max(64)]),
});
export type SendEmojiBody = z.infer<typeof sendEmojiBody>;
/** What a client sends: the recipient's id may be the string the seats are keyed by. */
export type SendEmojiRequest = z.input<typeof sendEmojiBody>;

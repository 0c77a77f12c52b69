import type { Action, GameEvent, GameView } from '@durak/engine';
import { z } from 'zod';
import { chips, walletType } from './common.js';
import { card, cardTransferPermission, room, seatResult, suit } from './rooms.js';

/**
 * The game as the server shows it: the engine's public events and views, and the spec's game
 * watch state (SPEC §3). The engine declares them as TS types; these schemas are what a client
 * checks a message against, and the assertions at the bottom keep the two in step at compile time.
 */

export const playerId = z.string();
/** A finished player's result from the engine; `defeat` is the durak. */
export const gameResult = z.enum(['victory', 'defeat', 'draw']);
export const phase = z.enum(['play', 'catch_window', 'finished']);
export const playerRoundStatus = z.enum(['beat', 'take']);

export const gameOptions = z.object({
  deck_size: z.union([z.literal(24), z.literal(36), z.literal(52)]),
  player_count: z.number().int(),
  is_transfer_allowed: z.boolean(),
  card_transfer_permission: cardTransferPermission,
  is_draw_allowed: z.boolean(),
  is_death_match_allowed: z.boolean(),
  is_classic_mode_allowed: z.boolean(),
  secret_trump_mode: z.boolean(),
  is_cheating_allowed: z.boolean(),
  is_speed_mode: z.boolean(),
  is_team_mode: z.boolean().optional(),
  is_legacy_seat_order: z.boolean().optional(),
});

/** Spec "Round slot". */
export const viewSlot = z.object({
  slot_id: z.number().int(),
  attacker: playerId,
  attack_card: card,
  defender: playerId,
  defense_card: card.nullable(),
});

export const round = z.object({ slots: z.array(viewSlot), player_status: z.record(z.string(), playerRoundStatus) });

export const turn = z.object({ current_attacker_user_id: playerId, current_defender_user_id: playerId });

/** What one viewer may see: the public state plus the viewer's own hand (engine `viewFor`). */
export const gameView = z.object({
  viewer: playerId.nullable(),
  options: gameOptions,
  players: z.array(playerId),
  seats: z.record(
    z.string(),
    z.object({
      position: z.number().int(),
      player: z.object({ player_id: playerId }),
      card_count: z.number().int(),
      result: gameResult.nullable(),
    }),
  ),
  status: z.enum(['in_progress', 'FINISHED']),
  phase,
  round,
  trump_card: card.nullable(),
  trump_suit: suit.nullable(),
  turn,
  hand: z.array(card),
  talon_count: z.number().int(),
  discard_count: z.number().int(),
  bout_limit: z.number().int(),
  is_first_discard_done: z.boolean(),
  throwers: z.array(playerId),
  catch_window_passed: z.array(playerId),
  cheat_banned: z.array(playerId),
  catch_banned: z.array(playerId),
  finishing_order: z.array(playerId),
  seq: z.number().int(),
  seed_hash: z.string().nullable(),
  seed: z.string().nullable(),
});

export const playerResult = z.object({ player: playerId, result: gameResult, place: z.number().int() });

/** Every event the engine emits, by type; all are public (no hidden card). */
export const gameEvents = {
  dealt: z.object({ type: z.literal('dealt'), players: z.array(playerId), trump_card: card.nullable(), seed_hash: z.string().nullable() }),
  bout_started: z.object({ type: z.literal('bout_started'), attacker: playerId, defender: playerId }),
  played: z.object({ type: z.literal('played'), player: playerId, cards: z.array(card), slot_ids: z.array(z.number().int()) }),
  beaten: z.object({ type: z.literal('beaten'), player: playerId, slot_id: z.number().int(), card }),
  transferred: z.object({ type: z.literal('transferred'), player: playerId, card, slot_id: z.number().int(), defender: playerId }),
  said_beat: z.object({ type: z.literal('said_beat'), player: playerId }),
  said_take: z.object({ type: z.literal('said_take'), player: playerId }),
  catch_window_opened: z.object({ type: z.literal('catch_window_opened') }),
  caught: z.object({
    type: z.literal('caught'),
    player: playerId,
    accused: playerId,
    slot_id: z.number().int(),
    card: card.nullable(),
    is_correct: z.boolean(),
  }),
  taken: z.object({ type: z.literal('taken'), player: playerId, cards: z.array(card) }),
  discarded: z.object({ type: z.literal('discarded'), cards: z.array(card) }),
  drawn: z.object({ type: z.literal('drawn'), player: playerId, count: z.number().int() }),
  trump_revealed: z.object({ type: z.literal('trump_revealed'), trump_card: card }),
  timed_out: z.object({ type: z.literal('timed_out'), player: playerId }),
  surrendered: z.object({ type: z.literal('surrendered'), player: playerId }),
  player_out: z.object({ type: z.literal('player_out'), player: playerId, result: gameResult }),
  game_over: z.object({ type: z.literal('game_over'), results: z.array(playerResult), seed: z.string().nullable() }),
};
const e = gameEvents;
export const gameEvent = z.discriminatedUnion('type', [
  e.dealt,
  e.bout_started,
  e.played,
  e.beaten,
  e.transferred,
  e.said_beat,
  e.said_take,
  e.catch_window_opened,
  e.caught,
  e.taken,
  e.discarded,
  e.drawn,
  e.trump_revealed,
  e.timed_out,
  e.surrendered,
  e.player_out,
  e.game_over,
]);
export type GameEventPayload = z.infer<typeof gameEvent>;

/** One turn timer as the spec's watch state shows it. */
export const timer = z.object({
  timer_response: z.object({ player_id: playerId, created_at: z.string(), expired_at: z.string() }),
  /** The turn timer ran out and this is the player's time bank running (FEATURES.md §6). */
  is_time_bank: z.boolean().optional(),
});
export type TimerPayload = z.infer<typeof timer>;

/**
 * Why a player's game ended as it did (FEATURES.md §6): played out (`normal`), out on the timer
 * (`timeout`: two expiries in a row), by surrender, or by leaving the table.
 */
export const resultReason = z.enum(['normal', 'timeout', 'surrender', 'left']);
export type ResultReason = z.infer<typeof resultReason>;

/** Why the stand-in took a seat (away too long, timer and bank ran out, on purpose) or gave it back. */
export const standInReason = z.enum(['away', 'timer', 'autoplay', 'frozen', 'reconnected', 'moved', 'back']);
export type StandInReason = z.infer<typeof standInReason>;

/**
 * One player's line of a finished game's result; `amount` is the signed balance change.
 * `result_reason` is absent only in games finished before reasons were kept.
 */
export const resultLine = z.object({
  player_id: playerId,
  result: gameResult,
  place: z.number().int(),
  amount: chips,
  result_reason: resultReason.optional(),
});
export type ResultPayload = z.infer<typeof resultLine>;

/** A finished game's money per player (SPEC §3 Bet): the signed amount, a decimal string. */
export const betLine = z.object({ playerId, amount: chips });
export type BetPayload = z.infer<typeof betLine>;

export const watchSeat = z.object({
  position: z.number().int(),
  player: z.object({ player_id: playerId, username: z.string() }),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
  card_count: z.number().int(),
  is_ready: z.boolean(),
  is_connected: z.boolean(),
  /** A computer player of a practice room. */
  is_bot: z.boolean(),
  /** The computer plays this seat until its player returns (FEATURES.md §11, the stand-in). */
  stand_in: z.boolean(),
  result: seatResult.nullable(),
  /** The signed amount won or lost, once the game is over. */
  amount: chips.nullable(),
  /** Why the seat's game ended, once it has (its result is set); null before. */
  result_reason: resultReason.nullable(),
  /** What is left of the seat's time bank this game, ms (TIME_BANK_SECONDS; it runs after the turn timer). */
  time_bank_ms: z.number().int().nonnegative(),
});
export type WatchSeat = z.infer<typeof watchSeat>;

/** The spec's game watch state (GET rooms/{id}/watch): the public view only, the same for every viewer. */
export const watchState = z.object({
  room_id: z.number().int(),
  room,
  status: room.shape.status,
  seq: z.number().int(),
  seats: z.record(z.string(), watchSeat),
  round,
  phase: phase.nullable(),
  trump_card: card.nullable(),
  trump_suit: suit.nullable(),
  turn: turn.nullable(),
  timers: z.array(timer),
  talon_count: z.number().int(),
  discard_count: z.number().int(),
  bout_limit: z.number().int().nullable(),
  finishing_order: z.array(playerId),
  seed_hash: z.string().nullable(),
  /** Revealed when the game is over. */
  seed: z.string().nullable(),
  results: z.array(resultLine).nullable(),
  /** The house's rake taken from what was won, once the game is over (why +950 against -1000). */
  rake: chips.nullable(),
});
export type WatchState = z.infer<typeof watchState>;

/** GET rooms/{id}/view: what the caller may see of the running game (their own hand, nobody else's). */
export type GameViewPayload = z.infer<typeof gameView>;

/** One move as the engine applies it and a finished game's record lists it. */
export const gameAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('attack'), player: playerId, cards: z.array(card) }),
  z.object({ type: z.literal('defence'), player: playerId, slot_id: z.number().int(), card }),
  z.object({ type: z.literal('transfer'), player: playerId, card }),
  z.object({ type: z.literal('beat'), player: playerId }),
  z.object({ type: z.literal('take'), player: playerId }),
  z.object({ type: z.literal('catch'), player: playerId, slot_id: z.number().int() }),
  z.object({ type: z.literal('surrender'), player: playerId }),
  z.object({ type: z.literal('timeout') }),
]);
export type GameActionPayload = z.infer<typeof gameAction>;

/**
 * GET rooms/{id}/record: what a finished game publishes for anyone to re-check (docs/decisions.md):
 * the options, the seats, the seed behind the published hash and every move in order.
 */
export const gameRecord = z.object({
  room_id: z.number().int(),
  options: gameOptions,
  bet_amount: chips,
  balance_type: walletType,
  players: z.array(z.object({ player_id: playerId, username: z.string(), position: z.number().int() })),
  seed: z.string().nullable(),
  seed_hash: z.string().nullable(),
  actions: z.array(z.object({ seq: z.number().int(), action: gameAction })),
  results: z.array(resultLine).nullable(),
});
export type GameRecord = z.infer<typeof gameRecord>;

// The engine's types must fit these schemas: a new event or view field fails here, not at a client.
type Fits<T, S> = [T] extends [S] ? true : false;
type DeepMutable<T> = T extends readonly (infer U)[]
  ? DeepMutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;
const eventsFit: Fits<DeepMutable<GameEvent>, GameEventPayload> = true;
const viewFits: Fits<DeepMutable<GameView>, z.infer<typeof gameView>> = true;
const eventTypesCovered: Fits<GameEventPayload['type'], GameEvent['type']> = true;
const actionsFit: Fits<DeepMutable<Action>, GameActionPayload> = true;
const actionTypesCovered: Fits<GameActionPayload['type'], Action['type']> = true;
// Fitting alone lets an engine type carry a field the schema lacks (zod would strip it on the way
// out): every field of the view and of each event must be a field of its schema too.
type MissingKeys<T, S> = Exclude<keyof T, keyof S>;
type EventMissingKeys<E> = E extends { type: infer K } ? MissingKeys<E, Extract<GameEventPayload, { type: K }>> : never;
type ActionMissingKeys<A> = A extends { type: infer K } ? MissingKeys<A, Extract<GameActionPayload, { type: K }>> : never;
const viewFieldsCovered: Fits<MissingKeys<GameView, z.infer<typeof gameView>>, never> = true;
const eventFieldsCovered: Fits<EventMissingKeys<GameEvent>, never> = true;
const actionFieldsCovered: Fits<ActionMissingKeys<Action>, never> = true;
void [eventsFit, viewFits, eventTypesCovered, viewFieldsCovered, eventFieldsCovered, actionsFit, actionTypesCovered, actionFieldsCovered];

import type { Card, Suit } from './cards.js';
import type { EngineError } from './errors.js';
import type { GameOptions } from './options.js';

/** A player's id as the server knows it (a user id). */
export type PlayerId = string;
/** A finished player's result; `defeat` is the durak. */
export type SeatResult = 'victory' | 'defeat' | 'draw';

/** One attack card on the table and the card that beat it, if any. */
export interface Slot {
  readonly slot_id: number;
  /** Seat index of the player who put the attack card down. */
  readonly attacker: number;
  readonly attack_card: Card;
  readonly defense_card: Card | null;
  /** Cheating mode: the card broke a rule and may be caught. Never leaves the server. */
  readonly is_attack_cheat: boolean;
  readonly is_defense_cheat: boolean;
}

/**
 * `play`: the bout runs. `catch_window`: the bout would end (discard or pick-up) but in cheating
 * mode everyone gets one last chance to catch; it closes when every active player has said beat
 * or on `timeout`. `finished`: the game is over.
 */
export type Phase = 'play' | 'catch_window' | 'finished';

/** The whole game, server side. Plain JSON; seats are indices into `players`. */
export interface GameState {
  readonly options: GameOptions;
  readonly players: readonly PlayerId[];
  readonly hands: readonly (readonly Card[])[];
  /** index 0 is drawn next; the last card is the trump card, drawn last. */
  readonly talon: readonly Card[];
  readonly trump_card: Card;
  readonly is_trump_revealed: boolean;
  readonly discard: readonly Card[];
  readonly is_first_discard_done: boolean;
  readonly slots: readonly Slot[];
  readonly next_slot_id: number;
  /** Lead attacker's seat: opens the bout and draws first. */
  readonly attacker: number;
  readonly defender: number;
  readonly phase: Phase;
  readonly is_taking: boolean;
  /** Seats that said beat since the table last changed. */
  readonly passed: readonly number[];
  /** Seats that let the catch window pass. */
  readonly window_passed: readonly number[];
  /** Seats caught cheating in this bout (may not cheat again in it). */
  readonly cheat_banned: readonly number[];
  /** Seats that accused wrongly in this bout (lose their catches for the rest of it). */
  readonly catch_banned: readonly number[];
  /** Seats in finishing order (out of cards, or out by surrender). */
  readonly finishing_order: readonly number[];
  readonly results: readonly (SeatResult | null)[];
  /** Consecutive timer expiries per seat; two in a row count as surrender. */
  readonly expiries: readonly number[];
  readonly seq: number;
  readonly seed: string | null;
  readonly seed_hash: string | null;
}

export type Action =
  | { readonly type: 'attack'; readonly player: PlayerId; readonly cards: readonly Card[] }
  | { readonly type: 'defence'; readonly player: PlayerId; readonly slot_id: number; readonly card: Card }
  | { readonly type: 'transfer'; readonly player: PlayerId; readonly card: Card }
  | { readonly type: 'beat'; readonly player: PlayerId }
  | { readonly type: 'take'; readonly player: PlayerId }
  | { readonly type: 'catch'; readonly player: PlayerId; readonly slot_id: number }
  | { readonly type: 'surrender'; readonly player: PlayerId }
  | { readonly type: 'timeout' };

export type ActionType = Action['type'];

/** A player's standing at the end of a game. */
export interface PlayerResult {
  readonly player: PlayerId;
  readonly result: SeatResult;
  /** 1 = first out; players who drew share a place; the durak is last. */
  readonly place: number;
}

/** What happened; every event is public (no hidden card), so it may go to the room channel. */
export type GameEvent =
  | { readonly type: 'dealt'; readonly players: readonly PlayerId[]; readonly trump_card: Card | null; readonly seed_hash: string | null }
  | { readonly type: 'bout_started'; readonly attacker: PlayerId; readonly defender: PlayerId }
  | { readonly type: 'played'; readonly player: PlayerId; readonly cards: readonly Card[]; readonly slot_ids: readonly number[] }
  | { readonly type: 'beaten'; readonly player: PlayerId; readonly slot_id: number; readonly card: Card }
  | { readonly type: 'transferred'; readonly player: PlayerId; readonly card: Card; readonly slot_id: number; readonly defender: PlayerId }
  | { readonly type: 'said_beat'; readonly player: PlayerId }
  | { readonly type: 'said_take'; readonly player: PlayerId }
  | { readonly type: 'catch_window_opened' }
  | {
      readonly type: 'caught';
      readonly player: PlayerId;
      readonly accused: PlayerId;
      readonly slot_id: number;
      readonly card: Card | null;
      readonly is_correct: boolean;
    }
  | { readonly type: 'taken'; readonly player: PlayerId; readonly cards: readonly Card[] }
  | { readonly type: 'discarded'; readonly cards: readonly Card[] }
  /** Only a count: the drawn cards are private, read them from that player's view. */
  | { readonly type: 'drawn'; readonly player: PlayerId; readonly count: number }
  | { readonly type: 'trump_revealed'; readonly trump_card: Card }
  | { readonly type: 'timed_out'; readonly player: PlayerId }
  | { readonly type: 'surrendered'; readonly player: PlayerId }
  | { readonly type: 'player_out'; readonly player: PlayerId; readonly result: SeatResult }
  | { readonly type: 'game_over'; readonly results: readonly PlayerResult[]; readonly seed: string | null };

export type ActionResult =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: EngineError };

/** Spec "Round slot". */
export interface ViewSlot {
  readonly slot_id: number;
  readonly attacker: PlayerId;
  readonly attack_card: Card;
  readonly defender: PlayerId;
  readonly defense_card: Card | null;
}

export interface ViewSeat {
  readonly position: number;
  readonly player: { readonly player_id: PlayerId };
  readonly card_count: number;
  readonly result: SeatResult | null;
}

/** Spec "Player round status". */
export type PlayerRoundStatus = 'beat' | 'take';

/**
 * What one viewer may see (spec "Game watch state" plus the viewer's hand). Enough for
 * `legalActions(view, viewer)` to give the same answer as on the full state.
 */
export interface GameView {
  readonly viewer: PlayerId | null;
  readonly options: GameOptions;
  /** Player ids in seat order (clockwise). */
  readonly players: readonly PlayerId[];
  readonly seats: Readonly<Record<PlayerId, ViewSeat>>;
  readonly status: 'in_progress' | 'FINISHED';
  readonly phase: Phase;
  readonly round: {
    readonly slots: readonly ViewSlot[];
    readonly player_status: Readonly<Record<PlayerId, PlayerRoundStatus>>;
  };
  /** null in secret trump mode until revealed. */
  readonly trump_card: Card | null;
  readonly trump_suit: Suit | null;
  readonly turn: { readonly current_attacker_user_id: PlayerId; readonly current_defender_user_id: PlayerId };
  readonly hand: readonly Card[];
  readonly talon_count: number;
  readonly discard_count: number;
  /** Most attack cards this bout may hold: 5 before the game's first discard, 6 after. */
  readonly bout_limit: number;
  readonly is_first_discard_done: boolean;
  /** Players allowed to throw in right now (ALL_PLAYERS / NEIGHBORS_ONLY). */
  readonly throwers: readonly PlayerId[];
  /** Players who let the catch window pass (cheating mode). */
  readonly catch_window_passed: readonly PlayerId[];
  readonly cheat_banned: readonly PlayerId[];
  readonly catch_banned: readonly PlayerId[];
  readonly finishing_order: readonly PlayerId[];
  readonly seq: number;
  readonly seed_hash: string | null;
  /** Revealed only once the game is finished. */
  readonly seed: string | null;
}

/** What a timer expiry would do (the engine decides; the server only fires it). */
export type TimeoutEffect = 'take' | 'lead_lowest_card' | 'pass' | 'close_catch_window' | 'none';

export interface Awaited {
  /** Whose decision the table waits for (what the turn timer shows). */
  readonly players: readonly PlayerId[];
  readonly on_timeout: TimeoutEffect;
}

/** Random numbers in [0, 1) for bots; pass a seeded one for reproducible games. */
export type Rng = () => number;

import type { Card, Suit } from './cards.js';
import type { GameOptions } from './options.js';
import type { GameState, GameView, Phase, PlayerId } from './types.js';

/**
 * What legality depends on, read the same way from the full state and from a player's own view,
 * so both give one answer. Seats are indices into `players`.
 */
export interface Board {
  readonly options: GameOptions;
  readonly players: readonly PlayerId[];
  readonly phase: Phase;
  readonly isActive: readonly boolean[];
  readonly counts: readonly number[];
  readonly slots: readonly BoardSlot[];
  readonly attacker: number;
  readonly defender: number;
  readonly isTaking: boolean;
  readonly passed: readonly number[];
  readonly windowPassed: readonly number[];
  readonly cheatBanned: readonly number[];
  readonly catchBanned: readonly number[];
  /** null when the viewer cannot know it (secret trump, not revealed yet). */
  readonly trumpSuit: Suit | null;
  readonly boutLimit: number;
}

export interface BoardSlot {
  readonly slot_id: number;
  readonly attacker: number;
  readonly attack_card: Card;
  readonly defense_card: Card | null;
}

/** Cards in a bout before the game's first discard: 5, after it: 6 (Durak Online). */
export function boutLimit(isFirstDiscardDone: boolean): number {
  return isFirstDiscardDone ? 6 : 5;
}

/** The board of a state. */
export function boardFromState(state: GameState): Board {
  return buildBoard(state);
}

/** The board of a state or of a draft being edited. */
export function buildBoard(state: GameState): Board {
  const isActive: boolean[] = [];
  const counts: number[] = [];
  for (let seat = 0; seat < state.players.length; seat++) {
    isActive.push(state.results[seat] === null);
    counts.push(state.hands[seat]!.length);
  }
  return {
    options: state.options,
    players: state.players,
    phase: state.phase,
    isActive,
    counts,
    slots: state.slots,
    attacker: state.attacker,
    defender: state.defender,
    isTaking: state.is_taking,
    passed: state.passed,
    windowPassed: state.window_passed,
    cheatBanned: state.cheat_banned,
    catchBanned: state.catch_banned,
    trumpSuit: state.trump_card.suit,
    boutLimit: boutLimit(state.is_first_discard_done),
  };
}

export function boardFromView(view: GameView): Board {
  const seatOf = (id: PlayerId): number => view.players.indexOf(id);
  const seats = view.players.map((id) => view.seats[id]!);
  const defender = seatOf(view.turn.current_defender_user_id);
  const statusEntries = Object.entries(view.round.player_status);
  return {
    options: view.options,
    players: view.players,
    phase: view.phase,
    isActive: seats.map((s) => s.result === null),
    counts: seats.map((s) => s.card_count),
    slots: view.round.slots.map((s) => ({
      slot_id: s.slot_id,
      attacker: seatOf(s.attacker),
      attack_card: s.attack_card,
      defense_card: s.defense_card,
    })),
    attacker: seatOf(view.turn.current_attacker_user_id),
    defender,
    isTaking: view.round.player_status[view.players[defender]!] === 'take',
    passed: statusEntries.filter(([, s]) => s === 'beat').map(([id]) => seatOf(id)),
    windowPassed: view.catch_window_passed.map(seatOf),
    cheatBanned: view.cheat_banned.map(seatOf),
    catchBanned: view.catch_banned.map(seatOf),
    trumpSuit: view.trump_suit,
    boutLimit: view.bout_limit,
  };
}

/** The next active seat clockwise after `seat` (may be `seat` itself when it is the only one). */
export function nextActive(isActive: readonly boolean[], seat: number): number {
  const n = isActive.length;
  for (let step = 1; step <= n; step++) {
    const candidate = (seat + step) % n;
    if (isActive[candidate]) return candidate;
  }
  return seat;
}

export function previousActive(isActive: readonly boolean[], seat: number): number {
  const n = isActive.length;
  for (let step = 1; step <= n; step++) {
    const candidate = (seat - step + n) % n;
    if (isActive[candidate]) return candidate;
  }
  return seat;
}

/**
 * Who may throw in: ALL_PLAYERS = every active player but the defender; NEIGHBORS_ONLY = the
 * active players right before and right after the defender.
 */
export function throwers(board: Pick<Board, 'options' | 'isActive' | 'defender'>): number[] {
  const { isActive, defender } = board;
  if (board.options.card_transfer_permission === 'NEIGHBORS_ONLY') {
    const before = previousActive(isActive, defender);
    const after = nextActive(isActive, defender);
    const seats = before === defender ? [] : [before];
    if (after !== defender && after !== before) seats.push(after);
    return seats;
  }
  const seats: number[] = [];
  for (let seat = 0; seat < isActive.length; seat++) if (isActive[seat] && seat !== defender) seats.push(seat);
  return seats;
}

export function unbeatenCount(slots: readonly BoardSlot[]): number {
  let n = 0;
  for (const slot of slots) if (slot.defense_card === null) n++;
  return n;
}

/** How many more attack cards the table takes now: the bout limit and the defender's hand. */
export function roomOnTable(board: Pick<Board, 'slots' | 'counts' | 'defender' | 'boutLimit'>): number {
  const byLimit = board.boutLimit - board.slots.length;
  const byHand = board.counts[board.defender]! - unbeatenCount(board.slots);
  return Math.max(0, Math.min(byLimit, byHand));
}

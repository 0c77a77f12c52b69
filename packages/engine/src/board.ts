import type { Card } from './cards.js';
import type { GameOptions } from './options.js';
import type { GameView, Phase, PlayerId, SeatResult } from './types.js';

/**
 * What legality depends on, read the same way from the full state and from a player's own view,
 * so both give one answer. Seats are indices into `players`.
 *
 * The fields are named and shaped as in GameState, so a state (or a draft being edited) *is* its
 * own board and the server's hot path builds nothing; only a view is converted (`boardFromView`).
 */
export interface Board {
  readonly options: GameOptions;
  readonly players: readonly PlayerId[];
  readonly phase: Phase;
  /** Only the sizes are read: a view knows how many cards the others hold, not which. */
  readonly hands: readonly { readonly length: number }[];
  /** Only the size is read: an empty talon puts a player without cards out of the seat order. */
  readonly talon: { readonly length: number };
  /** A seat is active (still playing) while its result is null. */
  readonly results: readonly (SeatResult | null)[];
  readonly slots: readonly BoardSlot[];
  readonly attacker: number;
  readonly defender: number;
  readonly is_taking: boolean;
  readonly passed: readonly number[];
  readonly window_passed: readonly number[];
  readonly cheat_banned: readonly number[];
  readonly catch_banned: readonly number[];
  readonly is_first_discard_done: boolean;
  /** The trump's suit as far as this board knows: null for a view before a secret trump shows. */
  readonly trump_card: { readonly suit: Card['suit'] } | null;
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

export function boardFromView(view: GameView): Board {
  const seatOf = (id: PlayerId): number => view.players.indexOf(id);
  const seats = view.players.map((id) => view.seats[id]!);
  const defender = seatOf(view.turn.current_defender_user_id);
  const statusEntries = Object.entries(view.round.player_status);
  return {
    options: view.options,
    players: view.players,
    phase: view.phase,
    hands: seats.map((s) => ({ length: s.card_count })),
    talon: { length: view.talon_count },
    results: seats.map((s) => s.result),
    slots: view.round.slots.map((s) => ({
      slot_id: s.slot_id,
      attacker: seatOf(s.attacker),
      attack_card: s.attack_card,
      defense_card: s.defense_card,
    })),
    attacker: seatOf(view.turn.current_attacker_user_id),
    defender,
    is_taking: view.round.player_status[view.players[defender]!] === 'take',
    passed: statusEntries.filter(([, s]) => s === 'beat').map(([id]) => seatOf(id)),
    window_passed: view.catch_window_passed.map(seatOf),
    cheat_banned: view.cheat_banned.map(seatOf),
    catch_banned: view.catch_banned.map(seatOf),
    is_first_discard_done: view.bout_limit === boutLimit(true),
    trump_card: view.trump_suit === null ? null : { suit: view.trump_suit },
  };
}

export function cardCount(board: Pick<Board, 'hands'>, seat: number): number {
  return board.hands[seat]!.length;
}

/** The next active seat clockwise after `seat` (may be `seat` itself when it is the only one). */
export function nextActive(results: Board['results'], seat: number): number {
  const playerCount = results.length;
  for (let step = 1; step <= playerCount; step++) {
    const candidate = (seat + step) % playerCount;
    if (results[candidate] === null) return candidate;
  }
  return seat;
}

/** What the seat order depends on. */
type OrderBoard = Pick<Board, 'options' | 'results' | 'hands' | 'talon'>;

/** Whether seats `a` and `b` are partners: in team mode, the opposite seats of four (0+2, 1+3). */
export function isPartner(options: Board['options'], a: number, b: number): boolean {
  return options.is_team_mode === true && a !== b && ((a - b) & 1) === 0;
}

/**
 * Whether `seat` still takes part in the seat order (who attacks, throws in, defends and receives
 * a transfer): not out, and not a player who has played their last card with the talon empty.
 * Such a player is out at once, though their result is written when the bout ends.
 */
export function isInOrder(board: OrderBoard, seat: number): boolean {
  if (board.results[seat] !== null) return false;
  // A game from before the fix keeps its old order (options.ts `is_legacy_seat_order`).
  return board.talon.length > 0 || board.hands[seat]!.length > 0 || board.options.is_legacy_seat_order === true;
}

/**
 * Whom `seat` attacks or transfers to: the next seat clockwise in the seat order that is not its
 * partner; `seat` itself when there is nobody.
 */
export function nextOpponent(board: OrderBoard, seat: number): number {
  const playerCount = board.results.length;
  for (let step = 1; step < playerCount; step++) {
    const candidate = (seat + step) % playerCount;
    if (isInOrder(board, candidate) && !isPartner(board.options, seat, candidate)) return candidate;
  }
  return seat;
}

type ThrowerBoard = OrderBoard & Pick<Board, 'defender'>;

/** Whether `seat` could throw in on the defender at all: in the seat order, neither the defender nor their partner. */
function isEligibleThrower(board: ThrowerBoard, seat: number): boolean {
  return seat !== board.defender && isInOrder(board, seat) && !isPartner(board.options, seat, board.defender);
}

/** NEIGHBORS_ONLY: the nearest eligible thrower after (`direction` 1) or before (-1) the defender. */
function neighbour(board: ThrowerBoard, direction: 1 | -1): number {
  const playerCount = board.results.length;
  for (let step = 1; step < playerCount; step++) {
    const candidate = (board.defender + direction * step + playerCount * step) % playerCount;
    if (isEligibleThrower(board, candidate)) return candidate;
  }
  return -1;
}

/**
 * Who may throw in: ALL_PLAYERS = every player in the seat order but the defender (and, in team
 * mode, the defender's partner); NEIGHBORS_ONLY = the nearest of those before and after the defender.
 */
export function throwers(board: ThrowerBoard): number[] {
  const seats: number[] = [];
  for (let seat = 0; seat < board.results.length; seat++) if (isThrower(board, seat)) seats.push(seat);
  if (board.options.card_transfer_permission === 'NEIGHBORS_ONLY' && seats.length === 2) {
    // Listed as before-then-after the defender, which is not seat order when they wrap around.
    if (seats[0] !== neighbour(board, -1)) seats.reverse();
  }
  return seats;
}

/** Whether `seat` is one of `throwers(board)`, without building the list (legality asks per seat). */
export function isThrower(board: ThrowerBoard, seat: number): boolean {
  if (!isEligibleThrower(board, seat)) return false;
  if (board.options.card_transfer_permission !== 'NEIGHBORS_ONLY') return true;
  return seat === neighbour(board, -1) || seat === neighbour(board, 1);
}

export function unbeatenCount(slots: readonly BoardSlot[]): number {
  let count = 0;
  for (const slot of slots) if (slot.defense_card === null) count++;
  return count;
}

/** How many more attack cards the table takes now: the bout limit and the defender's hand. */
export function roomOnTable(board: Pick<Board, 'slots' | 'hands' | 'defender' | 'is_first_discard_done'>): number {
  const byLimit = boutLimit(board.is_first_discard_done) - board.slots.length;
  const byHand = cardCount(board, board.defender) - unbeatenCount(board.slots);
  return Math.max(0, Math.min(byLimit, byHand));
}

import type { Card } from './cards.js';
import type { GameEvent, GameState } from './types.js';

/**
 * A shallow copy of the state that one action edits before it is frozen into the next state.
 * Arrays are replaced, never mutated, so earlier states stay valid (structural sharing).
 */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] };

export interface Step {
  readonly draft: Draft;
  readonly events: GameEvent[];
}

// Field by field rather than `{ ...state }`: V8 builds this object with a fixed shape, several
// times faster than a spread of this many keys, and it runs once per action.
export function draftOf(state: GameState): Draft {
  return {
    options: state.options,
    players: state.players,
    hands: state.hands,
    talon: state.talon,
    trump_card: state.trump_card,
    is_trump_revealed: state.is_trump_revealed,
    discard: state.discard,
    is_first_discard_done: state.is_first_discard_done,
    slots: state.slots,
    next_slot_id: state.next_slot_id,
    attacker: state.attacker,
    defender: state.defender,
    phase: state.phase,
    is_taking: state.is_taking,
    passed: state.passed,
    window_passed: state.window_passed,
    cheat_banned: state.cheat_banned,
    catch_banned: state.catch_banned,
    finishing_order: state.finishing_order,
    results: state.results,
    expiries: state.expiries,
    seq: state.seq,
    seed: state.seed,
    seed_hash: state.seed_hash,
  };
}

export function setHand(draft: Draft, seat: number, cards: readonly Card[]): void {
  const hands = draft.hands.slice();
  hands[seat] = cards;
  draft.hands = hands;
}

/** The hand without the given cards (each removed once). */
export function withoutCards(hand: readonly Card[], cards: readonly Card[]): Card[] {
  if (cards.length === 1) return withoutCard(hand, cards[0]!);
  const rest = hand.slice();
  for (const c of cards) {
    const i = rest.findIndex((h) => h.suit === c.suit && h.rank === c.rank);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/** The hand without one card (its first copy): the common case, in one pass. */
export function withoutCard(hand: readonly Card[], card: Card): Card[] {
  const rest: Card[] = [];
  let isRemoved = false;
  for (const h of hand) {
    if (!isRemoved && h.suit === card.suit && h.rank === card.rank) isRemoved = true;
    else rest.push(h);
  }
  return rest;
}

/**
 * An empty seat list for the next state: the current one when it is already empty (states
 * share unchanged parts), else a new one. Saves an allocation on most actions.
 */
export function noSeats(list: readonly number[]): readonly number[] {
  return list.length === 0 ? list : [];
}

export function withSeat(list: readonly number[], seat: number): number[] {
  return list.includes(seat) ? list.slice() : [...list, seat];
}

export function revealTrump(step: Step): void {
  if (step.draft.is_trump_revealed) return;
  step.draft.is_trump_revealed = true;
  step.events.push({ type: 'trump_revealed', trump_card: step.draft.trump_card });
}

import { isSameCard, type Action, type Card, type GameView } from '@durak/engine';
import { cardKey } from '../cards/sprite';

/** What the caller may do now, read from the engine's legalActions on their own view. */
export interface Moves {
  playable: ReadonlySet<string>;
  canBeat: boolean;
  canTake: boolean;
  canSurrender: boolean;
  catchable: ReadonlySet<number>;
  actions: readonly Action[];
}

export const NO_MOVES: Moves = {
  playable: new Set(),
  canBeat: false,
  canTake: false,
  canSurrender: false,
  catchable: new Set(),
  actions: [],
};

export function movesOf(actions: readonly Action[]): Moves {
  const playable = new Set<string>();
  const catchable = new Set<number>();
  for (const action of actions) {
    if (action.type === 'attack' && action.cards.length === 1) playable.add(cardKey(action.cards[0]!));
    if (action.type === 'defence' || action.type === 'transfer') playable.add(cardKey(action.card));
    if (action.type === 'catch') catchable.add(action.slot_id);
  }
  return {
    playable,
    catchable,
    canBeat: actions.some((a) => a.type === 'beat'),
    canTake: actions.some((a) => a.type === 'take'),
    canSurrender: actions.some((a) => a.type === 'surrender'),
    actions,
  };
}

/** What a tap on a card of the hand does. */
export type CardIntent =
  | { kind: 'attack'; card: Card }
  | { kind: 'defence'; card: Card; slot_id: number }
  | { kind: 'transfer'; card: Card }
  /** Several targets (slots, or a slot and a transfer): the card is picked, a second tap chooses. */
  | { kind: 'choose'; card: Card; slots: number[]; canTransfer: boolean }
  | { kind: 'none' };

export function intentOf(moves: Moves, card: Card): CardIntent {
  const attack = moves.actions.find((a) => a.type === 'attack' && a.cards.length === 1 && isSameCard(a.cards[0]!, card));
  if (attack) return { kind: 'attack', card };
  const slots = moves.actions.flatMap((a) => (a.type === 'defence' && isSameCard(a.card, card) ? [a.slot_id] : []));
  const canTransfer = moves.actions.some((a) => a.type === 'transfer' && isSameCard(a.card, card));
  if (slots.length === 1 && !canTransfer) return { kind: 'defence', card, slot_id: slots[0]! };
  if (slots.length === 0 && canTransfer) return { kind: 'transfer', card };
  if (slots.length > 0) return { kind: 'choose', card, slots, canTransfer };
  return { kind: 'none' };
}

/** Why a card of the hand may not be played now: a key of `reason.*` and what it names. */
export type Refusal =
  | { reason: 'not_your_turn' }
  | { reason: 'does_not_beat'; target: Card }
  | { reason: 'rank_not_on_table' }
  | { reason: 'table_full' }
  | { reason: 'cannot_play' };

/**
 * Why `card` is not among the legal moves, read from the player's own view the way the engine
 * judges it: a defender's card must beat the open attack card; a thrown-in card must match a rank
 * on the table while the bout has room. Anything else is the general "cannot be played now".
 */
export function refusalOf(view: GameView, me: string, moves: Moves): Refusal {
  if (moves.actions.every((a) => a.type === 'surrender' || a.type === 'catch')) return { reason: 'not_your_turn' };
  const slots = view.round.slots;
  const open = slots.find((s) => s.defense_card === null);
  if (view.turn.current_defender_user_id === me) {
    return open ? { reason: 'does_not_beat', target: open.attack_card } : { reason: 'cannot_play' };
  }
  if (slots.length === 0) return { reason: 'cannot_play' };
  if (slots.length >= view.bout_limit) return { reason: 'table_full' };
  return { reason: 'rank_not_on_table' };
}

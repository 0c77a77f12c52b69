import { nextOpponent, type Board } from './board.js';
import { settle } from './bout-end.js';
import { draftOf, noSeats, revealTrump, setHand, withSeat, withoutCard, type Step } from './draft.js';
import { catchCard, newSlot, playAttack, surrender, withDefence } from './moves.js';
import { ENGINE_ERRORS, fail } from './errors.js';
import { checkAttack, checkBeat, checkCatch, checkDefence, checkSurrender, checkTake, checkTransfer, refusalOf } from './judge.js';
import { applyTimeout } from './timeout.js';
import type { Action, ActionResult, GameState, Slot } from './types.js';

/**
 * Applies one action: the next state and what happened, or a refusal with a stable code.
 * Pure: `state` is never changed; unchanged parts are shared with the next state.
 */
export function applyAction(state: GameState, action: Action): ActionResult {
  if (state.phase === 'finished') return fail(ENGINE_ERRORS.gameOver, 'the game is over');
  const step: Step = { draft: draftOf(state), events: [] };
  if (action.type === 'timeout') {
    applyTimeout(step);
  } else {
    const seat = state.players.indexOf(action.player);
    if (seat < 0) return fail(ENGINE_ERRORS.notInGame, 'you are not playing in this game');
    // The state before the action is the board it is judged on (a state is its own board).
    const refusal = applyPlayerAction(step, state, seat, action);
    if (refusal !== null) return refusalOf(refusal);
    if (step.draft.expiries[seat] !== 0) {
      const expiries = step.draft.expiries.slice();
      expiries[seat] = 0;
      step.draft.expiries = expiries;
    }
  }
  settle(step);
  step.draft.seq = state.seq + 1;
  return { ok: true, state: step.draft, events: step.events };
}

type Refusal = Extract<ActionResult, { ok: false }>;

function applyPlayerAction(step: Step, board: Board, seat: number, action: Exclude<Action, { type: 'timeout' }>): Refusal | null {
  const { draft } = step;
  const hand = draft.hands[seat]!;
  switch (action.type) {
    case 'attack': {
      const verdict = checkAttack(board, seat, hand, action.cards);
      if (!verdict.ok) return verdict;
      playAttack(step, seat, action.cards, verdict.cheats);
      return null;
    }
    case 'defence': {
      const verdict = checkDefence(board, seat, hand, action.slot_id, action.card);
      if (!verdict.ok) return verdict;
      const isCheat = verdict.cheats[0] === true;
      const slots = draft.slots.slice();
      const index = slots.findIndex((s) => s.slot_id === action.slot_id);
      const attack = slots[index]!.attack_card;
      slots[index] = withDefence(slots[index]!, action.card, isCheat);
      draft.slots = slots;
      setHand(draft, seat, withoutCard(hand, action.card));
      draft.passed = noSeats(draft.passed);
      step.events.push({ type: 'beaten', player: draft.players[seat]!, slot_id: action.slot_id, card: action.card });
      // Secret trump: the suit shows the first time a trump beats a non-trump.
      if (!isCheat && action.card.suit === draft.trump_card.suit && attack.suit !== draft.trump_card.suit) revealTrump(step);
      return null;
    }
    case 'transfer': {
      const verdict = checkTransfer(board, seat, hand, action.card);
      if (!verdict.ok) return verdict;
      const slot: Slot = newSlot(draft.next_slot_id, seat, action.card, verdict.cheats[0] === true);
      draft.next_slot_id += 1;
      draft.slots = [...draft.slots, slot];
      setHand(draft, seat, withoutCard(hand, action.card));
      // The transferrer now attacks the next player in the seat order (never a partner, never a
      // player who has played their last card with the talon empty); they lead the refill.
      draft.attacker = seat;
      draft.defender = nextOpponent(board, seat);
      draft.passed = noSeats(draft.passed);
      step.events.push({
        type: 'transferred',
        player: draft.players[seat]!,
        card: action.card,
        slot_id: slot.slot_id,
        defender: draft.players[draft.defender]!,
      });
      return null;
    }
    case 'beat': {
      const verdict = checkBeat(board, seat);
      if (!verdict.ok) return verdict;
      if (draft.phase === 'catch_window') draft.window_passed = withSeat(draft.window_passed, seat);
      else draft.passed = withSeat(draft.passed, seat);
      step.events.push({ type: 'said_beat', player: draft.players[seat]! });
      return null;
    }
    case 'take': {
      const verdict = checkTake(board, seat);
      if (!verdict.ok) return verdict;
      draft.is_taking = true;
      // "Beat" now means "nothing more to throw in": everyone answers afresh.
      draft.passed = noSeats(draft.passed);
      step.events.push({ type: 'said_take', player: draft.players[seat]! });
      return null;
    }
    case 'catch': {
      const verdict = checkCatch(board, seat, action.slot_id);
      if (!verdict.ok) return verdict;
      catchCard(step, seat, action.slot_id);
      return null;
    }
    case 'surrender': {
      const verdict = checkSurrender(board, seat);
      if (!verdict.ok) return verdict;
      surrender(step, seat);
      return null;
    }
  }
}

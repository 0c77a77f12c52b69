import { unbeatenCount, type Board } from './board.js';
import { closeBout } from './bout-end.js';
import { lowestCard } from './cards.js';
import { withSeat, type Step } from './draft.js';
import { pendingPassers } from './judge.js';
import { playAttack, surrender } from './moves.js';
import type { Awaited, GameState, TimeoutEffect } from './types.js';

/** Expiries in a row by one player that count as surrender. */
const EXPIRIES_TO_SURRENDER = 2;

interface Waiting {
  readonly seats: readonly number[];
  readonly effect: TimeoutEffect;
}

function waiting(board: Board): Waiting {
  if (board.phase === 'finished') return { seats: [], effect: 'none' };
  if (board.phase === 'catch_window') {
    const seats = board.players
      .map((_, seat) => seat)
      .filter((seat) => board.results[seat] === null && !board.window_passed.includes(seat));
    return { seats, effect: 'close_catch_window' };
  }
  if (board.slots.length === 0) return { seats: [board.attacker], effect: 'lead_lowest_card' };
  if (!board.is_taking && unbeatenCount(board.slots) > 0) return { seats: [board.defender], effect: 'take' };
  return { seats: pendingPassers(board), effect: 'pass' };
}

/**
 * Whose decision the table waits for and what the `timeout` action would do: a defender takes,
 * a lead attacker on an empty table plays their lowest card, anyone else passes (says beat), an
 * open catch window closes. Two expiries in a row by one player count as their surrender.
 */
export function awaited(state: GameState): Awaited {
  const waits = waiting(state);
  return { players: waits.seats.map((s) => state.players[s]!), on_timeout: waits.effect };
}

export function applyTimeout(step: Step): void {
  const { draft } = step;
  const waits = waiting(draft);
  if (waits.effect === 'close_catch_window') {
    closeBout(step);
    return;
  }
  const expiries = draft.expiries.slice();
  for (const seat of waits.seats) {
    expiries[seat] = expiries[seat]! + 1;
    step.events.push({ type: 'timed_out', player: draft.players[seat]! });
  }
  draft.expiries = expiries;
  const quitter = waits.seats.find((seat) => expiries[seat]! >= EXPIRIES_TO_SURRENDER);
  if (quitter !== undefined) {
    surrender(step, quitter);
    return;
  }
  if (waits.effect === 'lead_lowest_card') {
    const card = lowestCard(draft.hands[draft.attacker]!, draft.trump_card.suit);
    if (card !== undefined) playAttack(step, draft.attacker, [card], [false]);
  } else if (waits.effect === 'take') {
    draft.is_taking = true;
    draft.passed = [];
    step.events.push({ type: 'said_take', player: draft.players[draft.defender]! });
  } else if (waits.effect === 'pass') {
    let passed = draft.passed;
    for (const seat of waits.seats) passed = withSeat(passed, seat);
    draft.passed = passed;
  }
}

import { nextActive, nextOpponent, roomOnTable, unbeatenCount } from './board.js';
import type { Card } from './cards.js';
import { noSeats, revealTrump, setHand, type Draft, type Step } from './draft.js';
import { hasPendingPasser } from './judge.js';
import { isTeamMode, teamOutcome, teamResults } from './teams.js';
import type { PlayerResult, SeatResult } from './types.js';

const HAND_SIZE = 6;

/**
 * Closes the bout when nothing more can happen in it: every attack card is beaten (or the
 * defender takes) and every allowed thrower said beat or the table has no room left. In
 * cheating mode the bout first passes through the catch window.
 */
export function settle(step: Step): void {
  const { draft } = step;
  if (draft.phase === 'catch_window') {
    const everyonePassed = draft.results.every((r, seat) => r !== null || draft.window_passed.includes(seat));
    if (everyonePassed) closeBout(step);
    return;
  }
  if (draft.phase !== 'play' || draft.slots.length === 0) return;
  if (!draft.is_taking && unbeatenCount(draft.slots) > 0) return;
  // The draft has every field of a state, so it is its own board.
  if (roomOnTable(draft) > 0 && hasPendingPasser(draft)) return;
  if (draft.options.is_cheating_allowed) {
    draft.phase = 'catch_window';
    draft.window_passed = [];
    step.events.push({ type: 'catch_window_opened' });
    return;
  }
  closeBout(step);
}

function tableCards(draft: Draft): Card[] {
  const cards: Card[] = [];
  for (const slot of draft.slots) {
    cards.push(slot.attack_card);
    if (slot.defense_card !== null) cards.push(slot.defense_card);
  }
  return cards;
}

/** The table goes to the taker or to the discard, hands are refilled, the next bout begins. */
export function closeBout(step: Step): void {
  const { draft, events } = step;
  const cards = tableCards(draft);
  const wasTaking = draft.is_taking;
  const defender = draft.defender;
  if (wasTaking) {
    setHand(draft, defender, [...draft.hands[defender]!, ...cards]);
    events.push({ type: 'taken', player: draft.players[defender]!, cards });
  } else {
    draft.discard = [...draft.discard, ...cards];
    draft.is_first_discard_done = true;
    events.push({ type: 'discarded', cards });
  }
  clearTable(draft);
  const order = refillOrder(draft, draft.attacker, defender);
  refill(step, order);
  const isOver = markOuts(step, order, defender);
  if (isOver) return;
  // After a discard the defender attacks next; after a take, the player after the taker.
  const attacker = wasTaking || draft.results[defender] !== null ? nextActive(draft.results, defender) : defender;
  startBout(step, attacker);
}

/** Surrender of a lead attacker or defender in death match: the bout is void, its cards discarded. */
export function abandonBout(step: Step, leaver: number): void {
  const { draft, events } = step;
  const cards = tableCards(draft);
  if (cards.length > 0) {
    draft.discard = [...draft.discard, ...cards];
    events.push({ type: 'discarded', cards });
  }
  clearTable(draft);
  // Seats active before the refill: markOuts below changes draft.results.
  const results = draft.results;
  const attacker = nextActive(results, leaver);
  const order = refillOrder(draft, attacker, nextActive(results, attacker));
  refill(step, order);
  if (markOuts(step, order, nextActive(results, attacker))) return;
  startBout(step, nextActive(draft.results, leaver));
}

function clearTable(draft: Draft): void {
  draft.slots = [];
  draft.is_taking = false;
  draft.passed = noSeats(draft.passed);
  draft.window_passed = noSeats(draft.window_passed);
  draft.cheat_banned = noSeats(draft.cheat_banned);
  draft.catch_banned = noSeats(draft.catch_banned);
  draft.phase = 'play';
}

export function startBout(step: Step, attacker: number): void {
  const { draft } = step;
  draft.attacker = attacker;
  // In team mode the next player may be the attacker's partner: the defender is the next opponent.
  draft.defender = nextOpponent(draft, attacker);
  step.events.push({ type: 'bout_started', attacker: draft.players[attacker]!, defender: draft.players[draft.defender]! });
}

/** Lead attacker first, then the other players clockwise, the defender last (active only). */
function refillOrder(draft: Draft, attacker: number, defender: number): number[] {
  const playerCount = draft.players.length;
  const order: number[] = [];
  for (let step = 0; step < playerCount; step++) {
    const seat = (attacker + step) % playerCount;
    if (seat !== defender && draft.results[seat] === null) order.push(seat);
  }
  if (draft.results[defender] === null && !order.includes(defender)) order.push(defender);
  return order;
}

function refill(step: Step, order: readonly number[]): void {
  const { draft, events } = step;
  if (draft.talon.length === 0) return;
  const talon = draft.talon;
  let next = 0; // talon index of the next card drawn; the talon is cut once, at the end
  for (const seat of order) {
    const need = HAND_SIZE - draft.hands[seat]!.length;
    if (need <= 0 || next === talon.length) continue;
    const drawn = talon.slice(next, next + need);
    next += drawn.length;
    setHand(draft, seat, [...draft.hands[seat]!, ...drawn]);
    events.push({ type: 'drawn', player: draft.players[seat]!, count: drawn.length });
  }
  if (next > 0) draft.talon = talon.slice(next);
  // Secret trump: the suit is shown once the talon runs out (its last card is the trump card).
  if (draft.talon.length === 0) revealTrump(step);
}

/**
 * Players without cards once the talon is empty are out. Returns whether the game ended.
 * `order` lists this bout's players, the defender last, which is also the finishing order.
 */
function markOuts(step: Step, order: readonly number[], lastDefender: number): boolean {
  const { draft } = step;
  if (draft.talon.length > 0) return false;
  const newlyOut = order.filter((seat) => draft.hands[seat]!.length === 0);
  if (newlyOut.length === 0) return false;
  const results = draft.results.slice();
  const stillIn = order.filter((seat) => draft.hands[seat]!.length > 0);
  if (isTeamMode(draft.options)) return markTeamOuts(step, newlyOut, stillIn, lastDefender);
  if (draft.options.is_death_match_allowed) {
    // Death match: the first player out wins alone; simultaneous first-outs draw when allowed.
    const winners = draft.options.is_draw_allowed && newlyOut.length > 1 ? newlyOut : [newlyOut[0]!];
    const winResult: SeatResult = winners.length > 1 ? 'draw' : 'victory';
    for (const seat of winners) results[seat] = winResult;
    for (let seat = 0; seat < results.length; seat++) if (results[seat] === null) results[seat] = 'defeat';
    draft.finishing_order = [...draft.finishing_order, ...winners];
    draft.results = results;
    finishGame(step);
    return true;
  }
  if (stillIn.length === 0) {
    // Everyone left emptied their hand in this last bout.
    if (draft.options.is_draw_allowed) {
      for (const seat of newlyOut) results[seat] = 'draw';
    } else {
      for (const seat of newlyOut) results[seat] = seat === lastDefender ? 'defeat' : 'victory';
    }
  } else {
    for (const seat of newlyOut) results[seat] = 'victory';
    if (stillIn.length === 1) results[stillIn[0]!] = 'defeat';
  }
  const outOrder = [...newlyOut.filter((s) => results[s] !== 'defeat'), ...newlyOut.filter((s) => results[s] === 'defeat')];
  draft.finishing_order = [...draft.finishing_order, ...outOrder];
  draft.results = results;
  for (const seat of outOrder) step.events.push({ type: 'player_out', player: draft.players[seat]!, result: results[seat]! });
  if (stillIn.length > 1) return false;
  if (stillIn.length === 1) draft.finishing_order = [...draft.finishing_order, stillIn[0]!];
  finishGame(step);
  return true;
}

/** markOuts in team mode: the out players leave the seat order; once one team is out of cards, the other loses. */
function markTeamOuts(step: Step, newlyOut: readonly number[], stillIn: readonly number[], lastDefender: number): boolean {
  const { draft } = step;
  const outcome = teamOutcome(draft.options, newlyOut, stillIn, lastDefender);
  const results = outcome === undefined ? draft.results.slice() : teamResults(draft.players.length, outcome);
  // While the game goes on an out player's result is a provisional victory (it marks them out).
  if (outcome === undefined) for (const seat of newlyOut) results[seat] = 'victory';
  draft.results = results;
  draft.finishing_order = [...draft.finishing_order, ...newlyOut];
  for (const seat of newlyOut) step.events.push({ type: 'player_out', player: draft.players[seat]!, result: results[seat]! });
  if (outcome === undefined) return false;
  finishGame(step);
  return true;
}

/** Ends the game: results fixed, the seed revealed. Every seat must already hold a result. */
export function finishGame(step: Step): void {
  const { draft } = step;
  draft.phase = 'finished';
  // The table stays as it was (a surrender can end the game mid-bout): every card stays somewhere.
  draft.passed = [];
  draft.window_passed = [];
  const order = [...draft.finishing_order];
  for (let seat = 0; seat < draft.players.length; seat++) if (!order.includes(seat)) order.push(seat);
  const rank = (r: SeatResult): number => (r === 'victory' ? 0 : r === 'draw' ? 1 : 2);
  order.sort((a, b) => rank(draft.results[a]!) - rank(draft.results[b]!));
  draft.finishing_order = order;
  const results: PlayerResult[] = [];
  let place = 0;
  order.forEach((seat, i) => {
    const result = draft.results[seat]!;
    const previous = i > 0 ? draft.results[order[i - 1]!] : null;
    // Players with the same non-victory result share a place (drawn players; death match losers).
    if (!(result !== 'victory' && previous === result)) place = i + 1;
    results.push({ player: draft.players[seat]!, result, place });
  });
  step.events.push({ type: 'game_over', results, seed: draft.seed });
}

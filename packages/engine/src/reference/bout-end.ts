import { nextActive, roomOnTable, unbeatenCount } from './board.js';
import type { Card } from './cards.js';
import { noSeats, revealTrump, setHand, type Draft, type Step } from './draft.js';
import { hasPendingPasser } from './judge.js';
import type { PlayerResult, SeatResult } from './types.js';

const HAND_SIZE = 6;

/**
 * Closes the bout when nothing more can happen in it: every attack card is beaten (or the
 * defender takes) and every allowed thrower said beat or the table has no room left. In
 * cheating mode the bout first passes through the catch window.
 */
export function settle(step: Step): void {
  const { d } = step;
  if (d.phase === 'catch_window') {
    const everyonePassed = d.results.every((r, seat) => r !== null || d.window_passed.includes(seat));
    if (everyonePassed) closeBout(step);
    return;
  }
  if (d.phase !== 'play' || d.slots.length === 0) return;
  if (!d.is_taking && unbeatenCount(d.slots) > 0) return;
  // The draft has every field of a state, so it is its own board.
  if (roomOnTable(d) > 0 && hasPendingPasser(d)) return;
  if (d.options.is_cheating_allowed) {
    d.phase = 'catch_window';
    d.window_passed = [];
    step.events.push({ type: 'catch_window_opened' });
    return;
  }
  closeBout(step);
}

function tableCards(d: Draft): Card[] {
  const cards: Card[] = [];
  for (const slot of d.slots) {
    cards.push(slot.attack_card);
    if (slot.defense_card !== null) cards.push(slot.defense_card);
  }
  return cards;
}

/** The table goes to the taker or to the discard, hands are refilled, the next bout begins. */
export function closeBout(step: Step): void {
  const { d, events } = step;
  const cards = tableCards(d);
  const wasTaking = d.is_taking;
  const defender = d.defender;
  if (wasTaking) {
    setHand(d, defender, [...d.hands[defender]!, ...cards]);
    events.push({ type: 'taken', player: d.players[defender]!, cards });
  } else {
    d.discard = [...d.discard, ...cards];
    d.is_first_discard_done = true;
    events.push({ type: 'discarded', cards });
  }
  clearTable(d);
  const order = refillOrder(d, d.attacker, defender);
  refill(step, order);
  const isOver = markOuts(step, order, defender);
  if (isOver) return;
  // After a discard the defender attacks next; after a take, the player after the taker.
  const attacker = wasTaking || d.results[defender] !== null ? nextActive(d.results, defender) : defender;
  startBout(step, attacker);
}

/** Surrender of a lead attacker or defender in death match: the bout is void, its cards discarded. */
export function abandonBout(step: Step, leaver: number): void {
  const { d, events } = step;
  const cards = tableCards(d);
  if (cards.length > 0) {
    d.discard = [...d.discard, ...cards];
    events.push({ type: 'discarded', cards });
  }
  clearTable(d);
  // Seats active before the refill: markOuts below changes d.results.
  const results = d.results;
  const attacker = nextActive(results, leaver);
  const order = refillOrder(d, attacker, nextActive(results, attacker));
  refill(step, order);
  if (markOuts(step, order, nextActive(results, attacker))) return;
  startBout(step, nextActive(d.results, leaver));
}

function clearTable(d: Draft): void {
  d.slots = [];
  d.is_taking = false;
  d.passed = noSeats(d.passed);
  d.window_passed = noSeats(d.window_passed);
  d.cheat_banned = noSeats(d.cheat_banned);
  d.catch_banned = noSeats(d.catch_banned);
  d.phase = 'play';
}

export function startBout(step: Step, attacker: number): void {
  const { d } = step;
  d.attacker = attacker;
  d.defender = nextActive(d.results, attacker);
  step.events.push({ type: 'bout_started', attacker: d.players[attacker]!, defender: d.players[d.defender]! });
}

/** Lead attacker first, then the other players clockwise, the defender last (active only). */
function refillOrder(d: Draft, attacker: number, defender: number): number[] {
  const n = d.players.length;
  const order: number[] = [];
  for (let step = 0; step < n; step++) {
    const seat = (attacker + step) % n;
    if (seat !== defender && d.results[seat] === null) order.push(seat);
  }
  if (d.results[defender] === null && !order.includes(defender)) order.push(defender);
  return order;
}

function refill(step: Step, order: readonly number[]): void {
  const { d, events } = step;
  if (d.talon.length === 0) return;
  const talon = d.talon;
  let next = 0; // talon index of the next card drawn; the talon is cut once, at the end
  for (const seat of order) {
    const need = HAND_SIZE - d.hands[seat]!.length;
    if (need <= 0 || next === talon.length) continue;
    const drawn = talon.slice(next, next + need);
    next += drawn.length;
    setHand(d, seat, [...d.hands[seat]!, ...drawn]);
    events.push({ type: 'drawn', player: d.players[seat]!, count: drawn.length });
  }
  if (next > 0) d.talon = talon.slice(next);
  // Secret trump: the suit is shown once the talon runs out (its last card is the trump card).
  if (d.talon.length === 0) revealTrump(step);
}

/**
 * Players without cards once the talon is empty are out. Returns whether the game ended.
 * `order` lists this bout's players, the defender last, which is also the finishing order.
 */
function markOuts(step: Step, order: readonly number[], lastDefender: number): boolean {
  const { d } = step;
  if (d.talon.length > 0) return false;
  const newlyOut = order.filter((seat) => d.hands[seat]!.length === 0);
  if (newlyOut.length === 0) return false;
  const results = d.results.slice();
  const stillIn = order.filter((seat) => d.hands[seat]!.length > 0);
  if (d.options.is_death_match_allowed) {
    // Death match: the first player out wins alone; simultaneous first-outs draw when allowed.
    const winners = d.options.is_draw_allowed && newlyOut.length > 1 ? newlyOut : [newlyOut[0]!];
    const winResult: SeatResult = winners.length > 1 ? 'draw' : 'victory';
    for (const seat of winners) results[seat] = winResult;
    for (let seat = 0; seat < results.length; seat++) if (results[seat] === null) results[seat] = 'defeat';
    d.finishing_order = [...d.finishing_order, ...winners];
    d.results = results;
    finishGame(step);
    return true;
  }
  if (stillIn.length === 0) {
    // Everyone left emptied their hand in this last bout.
    if (d.options.is_draw_allowed) {
      for (const seat of newlyOut) results[seat] = 'draw';
    } else {
      for (const seat of newlyOut) results[seat] = seat === lastDefender ? 'defeat' : 'victory';
    }
  } else {
    for (const seat of newlyOut) results[seat] = 'victory';
    if (stillIn.length === 1) results[stillIn[0]!] = 'defeat';
  }
  const outOrder = [...newlyOut.filter((s) => results[s] !== 'defeat'), ...newlyOut.filter((s) => results[s] === 'defeat')];
  d.finishing_order = [...d.finishing_order, ...outOrder];
  d.results = results;
  for (const seat of outOrder) step.events.push({ type: 'player_out', player: d.players[seat]!, result: results[seat]! });
  if (stillIn.length > 1) return false;
  if (stillIn.length === 1) d.finishing_order = [...d.finishing_order, stillIn[0]!];
  finishGame(step);
  return true;
}

/** Ends the game: results fixed, the seed revealed. Every seat must already hold a result. */
export function finishGame(step: Step): void {
  const { d } = step;
  d.phase = 'finished';
  // The table stays as it was (a surrender can end the game mid-bout): every card stays somewhere.
  d.passed = [];
  d.window_passed = [];
  const order = [...d.finishing_order];
  for (let seat = 0; seat < d.players.length; seat++) if (!order.includes(seat)) order.push(seat);
  const rank = (r: SeatResult): number => (r === 'victory' ? 0 : r === 'draw' ? 1 : 2);
  order.sort((a, b) => rank(d.results[a]!) - rank(d.results[b]!));
  d.finishing_order = order;
  const results: PlayerResult[] = [];
  let place = 0;
  order.forEach((seat, i) => {
    const result = d.results[seat]!;
    const previous = i > 0 ? d.results[order[i - 1]!] : null;
    // Players with the same non-victory result share a place (drawn players; death match losers).
    if (!(result !== 'victory' && previous === result)) place = i + 1;
    results.push({ player: d.players[seat]!, result, place });
  });
  step.events.push({ type: 'game_over', results, seed: d.seed });
}

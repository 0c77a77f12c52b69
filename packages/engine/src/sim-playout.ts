// Simulated games on the compact core (sim.ts): every player follows the `normal` policy of
// bot-policy.ts, restated on card numbers and bit masks so a game takes microseconds.
import { cardId } from './cards.js';
import { DREW, idOfCard, rankOf, suitOf, WON, type Sim } from './sim.js';
import type { Action, Rng } from './types.js';

/** A simulated game longer than this is scored as even (only a loop of bad luck gets here). */
const MAX_MOVES = 1000;
const PLAIN_SET_BONUS = 2.5;
const TRANSFER_BONUS = 3;

/** A rank index's value as `rankValue` gives it (2..14). */
const RANK_BASE = 2;

/** bot-policy.ts `worth`: the rank's value, trumps 20 above. */
function worth(sim: Sim, id: number): number {
  return rankOf(id) + RANK_BASE + (suitOf(id) === sim.trump ? 20 : 0);
}

function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Plays the game to its end; the seat's result: 1 won, 0.5 drawn (or undecided), 0 lost. */
export function playOut(sim: Sim, seat: number, rng: Rng): number {
  for (let moves = 0; !sim.isFinished; moves++) {
    if (moves === MAX_MOVES) return 0.5;
    if (sim.slotCount === 0) lead(sim, rng);
    else if (sim.unbeaten > 0 && !sim.isTaking) defend(sim, rng);
    else throwInOrPass(sim, rng);
  }
  const r = sim.results[seat];
  return r === WON ? 1 : r === DREW ? 0.5 : 0;
}

/** The cheapest rank; plain cards of one rank go out together (bot-policy.ts `leadScore`). */
function lead(sim: Sim, rng: Rng): void {
  const seat = sim.attacker;
  const room = sim.room();
  let bestRank = -1;
  let bestScore = Infinity;
  let ties = 0;
  // Only the ranks the attacker holds, lowest first (the order ties are broken in).
  const base = seat * 4;
  const held = sim.hands[base]! | sim.hands[base + 1]! | sim.hands[base + 2]! | sim.hands[base + 3]!;
  for (let rest = held; rest !== 0; rest &= rest - 1) {
    const r = lowestBit(rest);
    // Plain cards of the rank; a held rank with none is the trump alone.
    let plain = 0;
    for (let s = 0; s < 4; s++) if (s !== sim.trump && (sim.hands[base + s]! & (1 << r)) !== 0) plain++;
    const score = plain > 0 ? r + RANK_BASE - PLAIN_SET_BONUS * (Math.min(plain, room) - 1) : r + RANK_BASE + 20;
    if (score < bestScore) {
      bestRank = r;
      bestScore = score;
      ties = 1;
    } else if (score === bestScore && rng() * ++ties < 1) bestRank = r;
  }
  const cards: number[] = [];
  for (let s = 0; s < 4 && cards.length < room; s++) {
    if (s !== sim.trump && (sim.hands[seat * 4 + s]! & (1 << bestRank)) !== 0) cards.push(idOfCard(s, bestRank));
  }
  if (cards.length === 0) cards.push(idOfCard(sim.trump, bestRank));
  sim.attack(seat, cards);
}

/** The cheapest defence or transfer; takes when a card cannot be beaten or only a high trump would do early. */
function defend(sim: Sim, rng: Rng): void {
  const seat = sim.defender;
  let bestCard = -1;
  let bestSlot = -1; // -1: a transfer
  let bestScore = Infinity;
  let ties = 0;
  let isHopeless = false;
  const consider = (card: number, slot: number, score: number): void => {
    if (score < bestScore) {
      bestCard = card;
      bestSlot = slot;
      bestScore = score;
      ties = 1;
    } else if (score === bestScore && rng() * ++ties < 1) {
      bestCard = card;
      bestSlot = slot;
    }
  };
  let firstUnbeaten = -1;
  for (let i = 0; i < sim.slotCount; i++) {
    if (sim.slotDefence[i]! >= 0) continue;
    if (firstUnbeaten < 0) firstUnbeaten = i;
    const attack = sim.slotAttack[i]!;
    const suit = suitOf(attack);
    let beaters = 0;
    let higher = sim.hands[seat * 4 + suit]! & ~((2 << rankOf(attack)) - 1);
    for (; higher !== 0; higher &= higher - 1, beaters++) {
      const id = idOfCard(suit, lowestBit(higher));
      consider(id, i, worth(sim, id));
    }
    if (suit !== sim.trump) {
      for (let trumps = sim.hands[seat * 4 + sim.trump]!; trumps !== 0; trumps &= trumps - 1, beaters++) {
        const id = idOfCard(sim.trump, lowestBit(trumps));
        consider(id, i, worth(sim, id));
      }
    }
    if (beaters === 0) isHopeless = true;
  }
  if (sim.canTransfer()) {
    const r = rankOf(sim.slotAttack[0]!);
    for (let s = 0; s < 4; s++) {
      if ((sim.hands[seat * 4 + s]! & (1 << r)) !== 0) consider(idOfCard(s, r), -1, worth(sim, idOfCard(s, r)) - TRANSFER_BONUS);
    }
  }
  if (bestCard < 0 || isHopeless || (bestSlot >= 0 && shouldTakeInstead(sim, sim.slotAttack[firstUnbeaten]!, bestCard))) sim.take();
  else if (bestSlot < 0) sim.transfer(bestCard);
  else sim.defend(bestSlot, bestCard);
}

/** bot-policy.ts `shouldTakeInstead`: no high trump on a cheap plain card while six or more cards are to come. */
function shouldTakeInstead(sim: Sim, attack: number, card: number): boolean {
  if (suitOf(card) !== sim.trump || sim.talonCount() < 6) return false;
  return suitOf(attack) !== sim.trump && rankOf(attack) + RANK_BASE <= 10 && rankOf(card) + RANK_BASE >= 12;
}

/** The first pending thrower throws in its cheapest plain card on a table rank (trumps only at the end), or says beat. */
function throwInOrPass(sim: Sim, rng: Rng): void {
  const seat = firstPendingPasser(sim);
  if (seat < 0) {
    sim.closeBout(); // cannot happen after settle; kept so a simulated game always moves on
    return;
  }
  let bestCard = -1;
  let bestScore = Infinity;
  let ties = 0;
  if (sim.room() > 0) {
    const isEndgame = sim.talonCount() === 0;
    for (let s = 0; s < 4; s++) {
      if (s === sim.trump && !isEndgame) continue;
      for (let m = sim.hands[seat * 4 + s]! & sim.tableRanks; m !== 0; m &= m - 1) {
        const id = idOfCard(s, lowestBit(m));
        const score = worth(sim, id);
        if (score < bestScore) {
          bestCard = id;
          bestScore = score;
          ties = 1;
        } else if (score === bestScore && rng() * ++ties < 1) bestCard = id;
      }
    }
  }
  if (bestCard >= 0) sim.attack(seat, [bestCard]);
  else sim.beat(seat);
}

/** In the engine's `throwers` order: seat order, or before-then-after the defender for neighbours. */
function firstPendingPasser(sim: Sim): number {
  if (sim.isNeighborsOnly) {
    const before = sim.neighbour(-1);
    if (before >= 0 && sim.isPendingPasser(before)) return before;
    const after = sim.neighbour(1);
    return after >= 0 && sim.isPendingPasser(after) ? after : -1;
  }
  for (let seat = 0; seat < sim.playerCount; seat++) if (sim.isPendingPasser(seat)) return seat;
  return -1;
}

/**
 * Plays one engine action (honest, already legal) on the simulation. `slotIndex` maps the
 * engine's slot ids to table positions.
 */
export function simulateAction(sim: Sim, seat: number, action: Action, slotIndex: (slotId: number) => number): void {
  switch (action.type) {
    case 'attack':
      sim.attack(seat, action.cards.map(cardId));
      return;
    case 'defence':
      sim.defend(slotIndex(action.slot_id), cardId(action.card));
      return;
    case 'transfer':
      sim.transfer(cardId(action.card));
      return;
    case 'take':
      sim.take();
      return;
    case 'beat':
      sim.beat(seat);
      return;
    default:
      return;
  }
}

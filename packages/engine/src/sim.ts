// A compact, mutable game core for honest play: what the `hard` bot plays its simulated games
// on, thousands per decision. Cards are small integers (suit * 13 + rank index, 2 = 0 ... A = 12);
// a hand is four 13-bit masks, one per suit, so "which cards beat this one" is one AND and a
// rank on the table is one bit. It follows the engine's rules (the agreement test plays the
// same games through both) but knows nothing of cheats, catches, timers, events or JSON.
import { cardId, RANK_COUNT, type Card } from './cards.js';
import { teamOutcome } from './teams.js';
import type { GameState } from './types.js';

const HAND_SIZE = 6;
/** Seat results, as small numbers. */
export const ACTIVE = 0;
export const WON = 1;
export const DREW = 2;
export const LOST = 3;

export const suitOf = (id: number): number => (id / RANK_COUNT) | 0;
export const rankOf = (id: number): number => id % RANK_COUNT;
/** The card number of a suit and a rank index. */
export const idOfCard = (suit: number, rank: number): number => suit * RANK_COUNT + rank;

export class Sim {
  playerCount = 0;
  isTransferAllowed = false;
  isNeighborsOnly = false;
  isDrawAllowed = false;
  isDeathMatch = false;
  isTeamMode = false;
  isLegacySeatOrder = false;
  trump = 0;
  /** hands[seat * 4 + suit]: a 13-bit mask of the ranks held. */
  hands: Int32Array = new Int32Array(0);
  counts: Int32Array = new Int32Array(0);
  talon: Int8Array = new Int8Array(0);
  /** Index of the next card drawn from `talon`. */
  talonNext = 0;
  isFirstDiscardDone = false;
  slotAttack: Int8Array = new Int8Array(8);
  /** -1 while unbeaten. */
  slotDefence: Int8Array = new Int8Array(8);
  slotCount = 0;
  unbeaten = 0;
  /** Bit r set when rank r lies on the table. */
  tableRanks = 0;
  attacker = 0;
  defender = 0;
  isTaking = false;
  passedMask = 0;
  results: Int8Array = new Int8Array(0);
  isFinished = false;

  clone(): Sim {
    const copy = new Sim();
    copy.playerCount = this.playerCount;
    copy.isTransferAllowed = this.isTransferAllowed;
    copy.isNeighborsOnly = this.isNeighborsOnly;
    copy.isDrawAllowed = this.isDrawAllowed;
    copy.isDeathMatch = this.isDeathMatch;
    copy.isTeamMode = this.isTeamMode;
    copy.isLegacySeatOrder = this.isLegacySeatOrder;
    copy.trump = this.trump;
    copy.hands = this.hands.slice();
    copy.counts = this.counts.slice();
    copy.talon = this.talon; // never written: draws move talonNext
    copy.talonNext = this.talonNext;
    copy.isFirstDiscardDone = this.isFirstDiscardDone;
    copy.slotAttack = this.slotAttack.slice();
    copy.slotDefence = this.slotDefence.slice();
    copy.slotCount = this.slotCount;
    copy.unbeaten = this.unbeaten;
    copy.tableRanks = this.tableRanks;
    copy.attacker = this.attacker;
    copy.defender = this.defender;
    copy.isTaking = this.isTaking;
    copy.passedMask = this.passedMask;
    copy.results = this.results.slice();
    copy.isFinished = this.isFinished;
    return copy;
  }

  talonCount(): number {
    return this.talon.length - this.talonNext;
  }

  has(seat: number, id: number): boolean {
    return (this.hands[seat * 4 + suitOf(id)]! & (1 << rankOf(id))) !== 0;
  }

  nextActive(seat: number): number {
    for (let step = 1; step <= this.playerCount; step++) {
      const s = (seat + step) % this.playerCount;
      if (this.results[s] === ACTIVE) return s;
    }
    return seat;
  }

  /** board.ts `isInOrder`: not out, and not emptied with the talon gone. */
  isInOrder(seat: number): boolean {
    if (this.results[seat] !== ACTIVE) return false;
    return this.talonNext < this.talon.length || this.counts[seat]! > 0 || this.isLegacySeatOrder;
  }

  isPartner(a: number, b: number): boolean {
    return this.isTeamMode && a !== b && ((a - b) & 1) === 0;
  }

  /** board.ts `nextOpponent`: whom `seat` attacks or transfers to. */
  nextOpponent(seat: number): number {
    for (let step = 1; step < this.playerCount; step++) {
      const s = (seat + step) % this.playerCount;
      if (this.isInOrder(s) && !this.isPartner(seat, s)) return s;
    }
    return seat;
  }

  private isEligibleThrower(seat: number): boolean {
    return seat !== this.defender && this.isInOrder(seat) && !this.isPartner(seat, this.defender);
  }

  /** board.ts `neighbour`: the nearest eligible thrower after (1) or before (-1) the defender, or -1. */
  neighbour(direction: 1 | -1): number {
    const n = this.playerCount;
    for (let step = 1; step < n; step++) {
      const s = (this.defender + direction * step + n * step) % n;
      if (this.isEligibleThrower(s)) return s;
    }
    return -1;
  }

  isThrower(seat: number): boolean {
    if (!this.isEligibleThrower(seat)) return false;
    if (!this.isNeighborsOnly) return true;
    return seat === this.neighbour(-1) || seat === this.neighbour(1);
  }

  /** Must still say beat before the bout can close. */
  isPendingPasser(seat: number): boolean {
    // The two cheap tests first: settle asks this for every seat after every move.
    return (this.passedMask & (1 << seat)) === 0 && this.counts[seat]! > 0 && this.isThrower(seat);
  }

  room(): number {
    const byLimit = (this.isFirstDiscardDone ? 6 : 5) - this.slotCount;
    const byHand = this.counts[this.defender]! - this.unbeaten;
    return Math.max(0, Math.min(byLimit, byHand));
  }

  /** Whether the defender may transfer now (before looking at the card). */
  canTransfer(): boolean {
    if (!this.isTransferAllowed || this.isTaking || this.slotCount === 0 || this.unbeaten !== this.slotCount) return false;
    const next = this.nextOpponent(this.defender);
    if (next === this.defender || this.slotCount + 1 > (this.isFirstDiscardDone ? 6 : 5)) return false;
    return this.counts[next]! >= this.slotCount + 1;
  }

  private removeCard(seat: number, id: number): void {
    this.hands[seat * 4 + suitOf(id)]! &= ~(1 << rankOf(id));
    this.counts[seat]!--;
  }

  private addCard(seat: number, id: number): void {
    this.hands[seat * 4 + suitOf(id)]! |= 1 << rankOf(id);
    this.counts[seat]!++;
  }

  private putAttack(seat: number, id: number): void {
    this.removeCard(seat, id);
    this.slotAttack[this.slotCount] = id;
    this.slotDefence[this.slotCount] = -1;
    this.slotCount++;
    this.unbeaten++;
    this.tableRanks |= 1 << rankOf(id);
    this.passedMask = 0;
  }

  /** A lead or throw-in of the given cards (one rank for a lead). */
  attack(seat: number, ids: readonly number[]): void {
    for (const id of ids) this.putAttack(seat, id);
    this.settle();
  }

  defend(slot: number, id: number): void {
    this.removeCard(this.defender, id);
    this.slotDefence[slot] = id;
    this.unbeaten--;
    this.tableRanks |= 1 << rankOf(id);
    this.passedMask = 0;
    this.settle();
  }

  transfer(id: number): void {
    const seat = this.defender;
    this.putAttack(seat, id);
    this.attacker = seat;
    this.defender = this.nextOpponent(seat);
    this.settle();
  }

  take(): void {
    this.isTaking = true;
    this.passedMask = 0;
    this.settle();
  }

  beat(seat: number): void {
    this.passedMask |= 1 << seat;
    this.settle();
  }

  /** Closes the bout once nothing more can happen in it (the engine's `settle`). */
  settle(): void {
    if (this.slotCount === 0 || (!this.isTaking && this.unbeaten > 0)) return;
    if (this.room() > 0) {
      for (let seat = 0; seat < this.playerCount; seat++) if (this.isPendingPasser(seat)) return;
    }
    this.closeBout();
  }

  closeBout(): void {
    const wasTaking = this.isTaking;
    const defender = this.defender;
    if (wasTaking) {
      for (let i = 0; i < this.slotCount; i++) {
        this.addCard(defender, this.slotAttack[i]!);
        if (this.slotDefence[i]! >= 0) this.addCard(defender, this.slotDefence[i]!);
      }
    } else this.isFirstDiscardDone = true;
    this.slotCount = 0;
    this.unbeaten = 0;
    this.tableRanks = 0;
    this.isTaking = false;
    this.passedMask = 0;
    const order = this.refillOrder(this.attacker, defender);
    for (const seat of order) {
      while (this.counts[seat]! < HAND_SIZE && this.talonNext < this.talon.length) this.addCard(seat, this.talon[this.talonNext++]!);
    }
    if (this.markOuts(order, defender)) return;
    this.attacker = wasTaking || this.results[defender] !== ACTIVE ? this.nextActive(defender) : defender;
    this.defender = this.nextOpponent(this.attacker);
  }

  private refillOrder(attacker: number, defender: number): number[] {
    const order: number[] = [];
    for (let step = 0; step < this.playerCount; step++) {
      const seat = (attacker + step) % this.playerCount;
      if (seat !== defender && this.results[seat] === ACTIVE) order.push(seat);
    }
    if (this.results[defender] === ACTIVE) order.push(defender);
    return order;
  }

  /** The engine's markOuts: who is out once the talon is empty; whether the game ended. */
  private markOuts(order: readonly number[], lastDefender: number): boolean {
    if (this.talonNext < this.talon.length) return false;
    const newlyOut = order.filter((seat) => this.counts[seat] === 0);
    if (newlyOut.length === 0) return false;
    const stillIn = order.filter((seat) => this.counts[seat]! > 0);
    if (this.isTeamMode) return this.markTeamOuts(newlyOut, stillIn, lastDefender);
    if (this.isDeathMatch) {
      const winners = this.isDrawAllowed && newlyOut.length > 1 ? newlyOut : [newlyOut[0]!];
      for (const seat of winners) this.results[seat] = winners.length > 1 ? DREW : WON;
      for (let seat = 0; seat < this.playerCount; seat++) if (this.results[seat] === ACTIVE) this.results[seat] = LOST;
      this.isFinished = true;
      return true;
    }
    if (stillIn.length === 0) {
      for (const seat of newlyOut) this.results[seat] = this.isDrawAllowed ? DREW : seat === lastDefender ? LOST : WON;
    } else {
      for (const seat of newlyOut) this.results[seat] = WON;
      if (stillIn.length === 1) this.results[stillIn[0]!] = LOST;
    }
    if (stillIn.length > 1) return false;
    this.isFinished = true;
    return true;
  }

  /** bout-end.ts `markTeamOuts`. */
  private markTeamOuts(newlyOut: readonly number[], stillIn: readonly number[], lastDefender: number): boolean {
    const outcome = teamOutcome(
      { is_death_match_allowed: this.isDeathMatch, is_draw_allowed: this.isDrawAllowed },
      newlyOut,
      stillIn,
      lastDefender,
    );
    if (outcome === undefined) {
      for (const seat of newlyOut) this.results[seat] = WON;
      return false;
    }
    for (let seat = 0; seat < this.playerCount; seat++) this.results[seat] = outcome === null ? DREW : (seat & 1) === outcome ? LOST : WON;
    this.isFinished = true;
    return true;
  }
}

function idOf(card: Card): number {
  const id = cardId(card);
  if (id < 0) throw new Error(`not a card: ${JSON.stringify(card)}`);
  return id;
}

/**
 * The simulation of an engine state. Cheats, catches and timers do not exist here: an open
 * catch window (everyone honest) simply closes.
 */
export function simOf(state: GameState): Sim {
  const options = state.options;
  const sim = new Sim();
  const playerCount = state.players.length;
  sim.playerCount = playerCount;
  sim.isTransferAllowed = options.is_transfer_allowed;
  sim.isNeighborsOnly = options.card_transfer_permission === 'NEIGHBORS_ONLY';
  sim.isDrawAllowed = options.is_draw_allowed;
  sim.isDeathMatch = options.is_death_match_allowed;
  sim.isTeamMode = options.is_team_mode === true;
  sim.isLegacySeatOrder = options.is_legacy_seat_order === true;
  sim.trump = suitOf(idOf(state.trump_card));
  sim.hands = new Int32Array(playerCount * 4);
  sim.counts = new Int32Array(playerCount);
  // Plain loops, not forEach / Int8Array.from with a mapper: simOf runs once per simulated game.
  for (let seat = 0; seat < playerCount; seat++) {
    const hand = state.hands[seat]!;
    for (let i = 0; i < hand.length; i++) {
      const id = idOf(hand[i]!);
      sim.hands[seat * 4 + suitOf(id)]! |= 1 << rankOf(id);
    }
    sim.counts[seat] = hand.length;
  }
  const talon = new Int8Array(state.talon.length);
  for (let i = 0; i < talon.length; i++) talon[i] = idOf(state.talon[i]!);
  sim.talon = talon;
  sim.isFirstDiscardDone = state.is_first_discard_done;
  for (const slot of state.slots) {
    const attack = idOf(slot.attack_card);
    sim.slotAttack[sim.slotCount] = attack;
    sim.tableRanks |= 1 << rankOf(attack);
    if (slot.defense_card === null) {
      sim.slotDefence[sim.slotCount] = -1;
      sim.unbeaten++;
    } else {
      const defence = idOf(slot.defense_card);
      sim.slotDefence[sim.slotCount] = defence;
      sim.tableRanks |= 1 << rankOf(defence);
    }
    sim.slotCount++;
  }
  sim.attacker = state.attacker;
  sim.defender = state.defender;
  sim.isTaking = state.is_taking;
  for (const seat of state.passed) sim.passedMask |= 1 << seat;
  const results = new Int8Array(playerCount);
  for (let seat = 0; seat < playerCount; seat++) {
    const r = state.results[seat];
    results[seat] = r === null ? ACTIVE : r === 'victory' ? WON : r === 'draw' ? DREW : LOST;
  }
  sim.results = results;
  sim.isFinished = state.phase === 'finished';
  if (state.phase === 'catch_window') sim.closeBout();
  return sim;
}

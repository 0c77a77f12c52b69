// The checks behind every player action. applyAction runs them to accept or refuse, and
// legalActions runs them over candidate actions, so legality has exactly one source.
import { beats, isSameCard, rankValue, type Card, type Rank } from './cards.js';
import { nextActive, roomOnTable, throwers, type Board, type BoardSlot } from './board.js';
import { ENGINE_ERRORS as E, fail, type Failure } from './errors.js';

/** An accepted move; `cheats` marks which played cards broke a rule (cheating mode only). */
export type Verdict = { readonly ok: true; readonly cheats: readonly boolean[] } | Failure;

const HONEST: Verdict = { ok: true, cheats: [] };

function checkSeat(board: Board, seat: number): Failure | null {
  if (board.phase === 'finished') return fail(E.gameOver, 'the game is over');
  if (seat < 0 || !board.isActive[seat]) return fail(E.notInGame, 'you are not playing in this game');
  return null;
}

function checkInPlay(board: Board, seat: number): Failure | null {
  const seatFailure = checkSeat(board, seat);
  if (seatFailure !== null) return seatFailure;
  if (board.phase === 'catch_window') return fail(E.catchWindowOpen, 'the bout is closing: catch a card or say beat');
  return null;
}

/** Whether every card is in the hand, each used at most once. */
export function holdsAll(hand: readonly Card[], cards: readonly Card[]): boolean {
  const used: boolean[] = [];
  for (const c of cards) {
    let found = -1;
    for (let i = 0; i < hand.length; i++) {
      if (!used[i] && isSameCard(hand[i]!, c)) {
        found = i;
        break;
      }
    }
    if (found < 0) return false;
    used[found] = true;
  }
  return true;
}

function canCheat(board: Board, seat: number): boolean {
  return board.options.is_cheating_allowed && !board.cheatBanned.includes(seat);
}

function cheatRefusal(board: Board, seat: number, code: Failure['error']['code'], message: string): Failure {
  if (board.options.is_cheating_allowed && board.cheatBanned.includes(seat)) {
    return fail(E.cheatingNotAllowed, 'you were caught cheating in this bout');
  }
  return fail(code, message);
}

export function ranksOnTable(slots: readonly BoardSlot[]): Set<Rank> {
  const ranks = new Set<Rank>();
  for (const slot of slots) {
    ranks.add(slot.attack_card.rank);
    if (slot.defense_card !== null) ranks.add(slot.defense_card.rank);
  }
  return ranks;
}

/** Whether `seat` may put attack cards down now at all (before looking at the cards). */
export function attackGate(board: Board, seat: number): Failure | null {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (board.slots.length === 0) {
    return seat === board.attacker ? null : fail(E.notYourTurn, 'only the lead attacker opens the bout');
  }
  if (seat === board.defender) return fail(E.notYourTurn, 'the defender does not throw in');
  if (!throwers(board).includes(seat)) return fail(E.notYourTurn, 'you may not throw in to this defender');
  if (board.passed.includes(seat)) return fail(E.notYourTurn, 'you already said beat');
  return null;
}

/** A lead (empty table) or a throw-in. */
export function checkAttack(board: Board, seat: number, hand: readonly Card[], cards: readonly Card[]): Verdict {
  const failure = attackGate(board, seat);
  if (failure !== null) return failure;
  if (cards.length === 0) return fail(E.noCards, 'play at least one card');
  const isLead = board.slots.length === 0;
  if (!holdsAll(hand, cards)) return fail(E.cardNotInHand, 'you do not hold that card');
  if (cards.length > roomOnTable(board)) return fail(E.tableFull, 'no room on the table for that many cards');
  const tableRanks = isLead ? new Set<Rank>([cards[0]!.rank]) : ranksOnTable(board.slots);
  const cheats = cards.map((c) => !tableRanks.has(c.rank));
  if (cheats.some(Boolean) && !canCheat(board, seat)) {
    return isLead
      ? cheatRefusal(board, seat, E.mixedRanks, 'a lead holds cards of one rank only')
      : cheatRefusal(board, seat, E.rankNotOnTable, 'throw in only ranks already on the table');
  }
  return { ok: true, cheats };
}

/** Whether `card` may beat `attack` as far as this board knows (trump unknown: any other suit might be trump). */
export function mayBeat(attack: Card, card: Card, trumpSuit: Board['trumpSuit']): boolean {
  if (trumpSuit !== null) return beats(attack, card, trumpSuit);
  return card.suit !== attack.suit || rankValue(card.rank) > rankValue(attack.rank);
}

/** Whether `seat` may beat cards now at all. */
export function defenceGate(board: Board, seat: number): Failure | null {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (seat !== board.defender) return fail(E.notYourTurn, 'only the defender beats cards');
  if (board.isTaking) return fail(E.alreadyTaking, 'you are taking the table');
  return null;
}

export function checkDefence(board: Board, seat: number, hand: readonly Card[], slotId: number, card: Card): Verdict {
  const failure = defenceGate(board, seat);
  if (failure !== null) return failure;
  const slot = board.slots.find((s) => s.slot_id === slotId);
  if (slot === undefined) return fail(E.noSuchSlot, 'no such slot on the table');
  if (slot.defense_card !== null) return fail(E.slotAlreadyBeaten, 'that card is already beaten');
  if (!holdsAll(hand, [card])) return fail(E.cardNotInHand, 'you do not hold that card');
  if (mayBeat(slot.attack_card, card, board.trumpSuit)) return HONEST;
  if (!canCheat(board, seat)) return cheatRefusal(board, seat, E.cardDoesNotBeat, 'that card does not beat this one');
  return { ok: true, cheats: [true] };
}

/** Whether `seat` may transfer now at all (before looking at the card). */
export function transferGate(board: Board, seat: number): Failure | null {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (!board.options.is_transfer_allowed) return fail(E.transferNotAllowed, 'this room plays without transfers');
  if (seat !== board.defender) return fail(E.notYourTurn, 'only the defender transfers');
  if (board.isTaking) return fail(E.alreadyTaking, 'you are taking the table');
  if (board.slots.length === 0) return fail(E.transferNotAllowed, 'nothing to transfer');
  if (board.slots.some((s) => s.defense_card !== null)) {
    return fail(E.transferNotAllowed, 'no transfer once a card is beaten');
  }
  const next = nextActive(board.isActive, seat);
  if (next === seat) return fail(E.transferNotAllowed, 'nobody to transfer to');
  const tableAfter = board.slots.length + 1;
  if (tableAfter > board.boutLimit) return fail(E.tableFull, 'the bout limit leaves no room for a transfer');
  if (board.counts[next]! < tableAfter) {
    return fail(E.transferNotAllowed, 'the next player holds fewer cards than the table would');
  }
  return null;
}

/** The rank a transfer must match: every attack card's (null when they differ, after a cheat). */
export function transferRank(board: Board): Rank | null {
  const rank = board.slots[0]?.attack_card.rank ?? null;
  return board.slots.every((s) => s.attack_card.rank === rank) ? rank : null;
}

export function checkTransfer(board: Board, seat: number, hand: readonly Card[], card: Card): Verdict {
  const failure = transferGate(board, seat);
  if (failure !== null) return failure;
  if (!holdsAll(hand, [card])) return fail(E.cardNotInHand, 'you do not hold that card');
  if (transferRank(board) === card.rank) return HONEST;
  if (!canCheat(board, seat)) return cheatRefusal(board, seat, E.rankNotOnTable, 'transfer with a card of the attack rank');
  return { ok: true, cheats: [true] };
}

/** Seats that must still say beat before the bout can close. */
export function pendingPassers(board: Board): number[] {
  return throwers(board).filter((s) => board.counts[s]! > 0 && !board.passed.includes(s));
}

export function checkBeat(board: Board, seat: number): Verdict {
  const failure = checkSeat(board, seat);
  if (failure !== null) return failure;
  if (board.phase === 'catch_window') {
    return board.windowPassed.includes(seat) ? fail(E.notYourTurn, 'you already let it pass') : HONEST;
  }
  if (!pendingPassers(board).includes(seat)) return fail(E.notYourTurn, 'you have nothing to say beat to');
  const isAllBeaten = board.slots.length > 0 && board.slots.every((s) => s.defense_card !== null);
  if (!board.isTaking && !isAllBeaten) return fail(E.cannotBeatYet, 'wait until every card is beaten or taken');
  return HONEST;
}

export function checkTake(board: Board, seat: number): Verdict {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (seat !== board.defender) return fail(E.notYourTurn, 'only the defender takes');
  if (board.isTaking) return fail(E.alreadyTaking, 'you are already taking');
  if (board.slots.every((s) => s.defense_card !== null)) return fail(E.nothingToTake, 'no unbeaten card to take');
  return HONEST;
}

/** Whose card a catch on this slot accuses: the defence card if any, else the attack card. */
export function accusedSeat(board: Pick<Board, 'defender'>, slot: BoardSlot): number {
  return slot.defense_card !== null ? board.defender : slot.attacker;
}

export function checkCatch(board: Board, seat: number, slotId: number): Verdict {
  const failure = checkSeat(board, seat);
  if (failure !== null) return failure;
  if (!board.options.is_cheating_allowed) return fail(E.cheatingNotAllowed, 'this room plays without cheating');
  if (board.catchBanned.includes(seat)) return fail(E.catchForfeited, 'a wrong accusation cost your catches this bout');
  const slot = board.slots.find((s) => s.slot_id === slotId);
  if (slot === undefined) return fail(E.noSuchSlot, 'no such slot on the table');
  if (accusedSeat(board, slot) === seat) return fail(E.nothingToCatch, 'you cannot catch your own card');
  return HONEST;
}

export function checkSurrender(board: Board, seat: number): Verdict {
  return checkSeat(board, seat) ?? HONEST;
}

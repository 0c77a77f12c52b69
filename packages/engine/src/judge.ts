// The checks behind every player action. applyAction runs them to accept or refuse, and
// legalActions runs them over candidate actions, so legality has exactly one source.
import { beats, isSameCard, rankValue, type Card, type Rank } from './cards.js';
import { boutLimit, cardCount, isThrower, nextOpponent, roomOnTable, throwers, type Board, type BoardSlot } from './board.js';
import { ENGINE_ERRORS, fail, type Failure } from './errors.js';

/** An accepted move; `cheats` marks which played cards broke a rule (cheating mode only). */
export type Verdict = { readonly ok: true; readonly cheats: readonly boolean[] } | Failure;

const HONEST: Verdict = { ok: true, cheats: [] };

// Every refusal is a shared constant: legalActions asks these questions of every player before
// every action and most answers are "no", so building a fresh error each time was a large part
// of its cost. applyAction hands out a copy (`refusalOf`), never one of these objects.
const REFUSALS = {
  gameOver: fail(ENGINE_ERRORS.gameOver, 'the game is over'),
  notInGame: fail(ENGINE_ERRORS.notInGame, 'you are not playing in this game'),
  catchWindowOpen: fail(ENGINE_ERRORS.catchWindowOpen, 'the bout is closing: catch a card or say beat'),
  cheatBanned: fail(ENGINE_ERRORS.cheatingNotAllowed, 'you were caught cheating in this bout'),
  onlyLeadOpens: fail(ENGINE_ERRORS.notYourTurn, 'only the lead attacker opens the bout'),
  defenderDoesNotThrow: fail(ENGINE_ERRORS.notYourTurn, 'the defender does not throw in'),
  notAThrower: fail(ENGINE_ERRORS.notYourTurn, 'you may not throw in to this defender'),
  alreadySaidBeat: fail(ENGINE_ERRORS.notYourTurn, 'you already said beat'),
  noCards: fail(ENGINE_ERRORS.noCards, 'play at least one card'),
  cardNotInHand: fail(ENGINE_ERRORS.cardNotInHand, 'you do not hold that card'),
  tableFull: fail(ENGINE_ERRORS.tableFull, 'no room on the table for that many cards'),
  mixedRanks: fail(ENGINE_ERRORS.mixedRanks, 'a lead holds cards of one rank only'),
  rankNotOnTable: fail(ENGINE_ERRORS.rankNotOnTable, 'throw in only ranks already on the table'),
  onlyDefenderBeats: fail(ENGINE_ERRORS.notYourTurn, 'only the defender beats cards'),
  takingTable: fail(ENGINE_ERRORS.alreadyTaking, 'you are taking the table'),
  noSuchSlot: fail(ENGINE_ERRORS.noSuchSlot, 'no such slot on the table'),
  slotAlreadyBeaten: fail(ENGINE_ERRORS.slotAlreadyBeaten, 'that card is already beaten'),
  cardDoesNotBeat: fail(ENGINE_ERRORS.cardDoesNotBeat, 'that card does not beat this one'),
  noTransfers: fail(ENGINE_ERRORS.transferNotAllowed, 'this room plays without transfers'),
  onlyDefenderTransfers: fail(ENGINE_ERRORS.notYourTurn, 'only the defender transfers'),
  nothingToTransfer: fail(ENGINE_ERRORS.transferNotAllowed, 'nothing to transfer'),
  transferAfterBeaten: fail(ENGINE_ERRORS.transferNotAllowed, 'no transfer once a card is beaten'),
  nobodyToTransferTo: fail(ENGINE_ERRORS.transferNotAllowed, 'nobody to transfer to'),
  noRoomForTransfer: fail(ENGINE_ERRORS.tableFull, 'the bout limit leaves no room for a transfer'),
  nextHoldsTooFew: fail(ENGINE_ERRORS.transferNotAllowed, 'the next player holds fewer cards than the table would'),
  transferRank: fail(ENGINE_ERRORS.rankNotOnTable, 'transfer with a card of the attack rank'),
  alreadyLetPass: fail(ENGINE_ERRORS.notYourTurn, 'you already let it pass'),
  nothingToSayBeatTo: fail(ENGINE_ERRORS.notYourTurn, 'you have nothing to say beat to'),
  cannotBeatYet: fail(ENGINE_ERRORS.cannotBeatYet, 'wait until every card is beaten or taken'),
  onlyDefenderTakes: fail(ENGINE_ERRORS.notYourTurn, 'only the defender takes'),
  alreadyTaking: fail(ENGINE_ERRORS.alreadyTaking, 'you are already taking'),
  nothingToTake: fail(ENGINE_ERRORS.nothingToTake, 'no unbeaten card to take'),
  noCheating: fail(ENGINE_ERRORS.cheatingNotAllowed, 'this room plays without cheating'),
  catchForfeited: fail(ENGINE_ERRORS.catchForfeited, 'a wrong accusation cost your catches this bout'),
  ownCard: fail(ENGINE_ERRORS.nothingToCatch, 'you cannot catch your own card'),
} as const;

/** A refusal to hand out: a fresh copy, so no caller can change the shared constants. */
export function refusalOf(failure: Failure): Failure {
  return fail(failure.error.code, failure.error.message);
}

function checkSeat(board: Board, seat: number): Failure | null {
  if (board.phase === 'finished') return REFUSALS.gameOver;
  if (seat < 0 || board.results[seat] !== null) return REFUSALS.notInGame;
  return null;
}

function checkInPlay(board: Board, seat: number): Failure | null {
  const seatFailure = checkSeat(board, seat);
  if (seatFailure !== null) return seatFailure;
  if (board.phase === 'catch_window') return REFUSALS.catchWindowOpen;
  return null;
}

/** Whether every card is in the hand, each used at most once. */
export function holdsAll(hand: readonly Card[], cards: readonly Card[]): boolean {
  if (cards.length === 1) return indexOfCard(hand, cards[0]!) >= 0;
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

export function indexOfCard(hand: readonly Card[], card: Card): number {
  for (let i = 0; i < hand.length; i++) if (isSameCard(hand[i]!, card)) return i;
  return -1;
}

function canCheat(board: Board, seat: number): boolean {
  return board.options.is_cheating_allowed && !board.cheat_banned.includes(seat);
}

function cheatRefusal(board: Board, seat: number, refusal: Failure): Failure {
  if (board.options.is_cheating_allowed && board.cheat_banned.includes(seat)) return REFUSALS.cheatBanned;
  return refusal;
}

/**
 * The ranks on the table (attack and defence cards) as a bit set: bit `rankValue(rank)` is set
 * for each. A number instead of a Set<Rank>: it is built for every throw-in check.
 */
export function ranksOnTable(slots: readonly BoardSlot[]): number {
  let ranks = 0;
  for (const slot of slots) {
    ranks |= 1 << rankValue(slot.attack_card.rank);
    if (slot.defense_card !== null) ranks |= 1 << rankValue(slot.defense_card.rank);
  }
  return ranks;
}

export function hasRank(ranks: number, rank: Rank): boolean {
  return (ranks & (1 << rankValue(rank))) !== 0;
}

/** Whether `seat` may put attack cards down now at all (before looking at the cards). */
export function attackGate(board: Board, seat: number): Failure | null {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (board.slots.length === 0) {
    return seat === board.attacker ? null : REFUSALS.onlyLeadOpens;
  }
  if (seat === board.defender) return REFUSALS.defenderDoesNotThrow;
  if (!isThrower(board, seat)) return REFUSALS.notAThrower;
  if (board.passed.includes(seat)) return REFUSALS.alreadySaidBeat;
  return null;
}

/** A lead (empty table) or a throw-in. */
export function checkAttack(board: Board, seat: number, hand: readonly Card[], cards: readonly Card[]): Verdict {
  const failure = attackGate(board, seat);
  if (failure !== null) return failure;
  if (cards.length === 0) return REFUSALS.noCards;
  const isLead = board.slots.length === 0;
  if (!holdsAll(hand, cards)) return REFUSALS.cardNotInHand;
  if (cards.length > roomOnTable(board)) return REFUSALS.tableFull;
  const tableRanks = isLead ? 1 << rankValue(cards[0]!.rank) : ranksOnTable(board.slots);
  let isAnyCheat = false;
  for (const c of cards) if (!hasRank(tableRanks, c.rank)) isAnyCheat = true;
  if (!isAnyCheat) return HONEST;
  if (!canCheat(board, seat)) return cheatRefusal(board, seat, isLead ? REFUSALS.mixedRanks : REFUSALS.rankNotOnTable);
  return { ok: true, cheats: cards.map((c) => !hasRank(tableRanks, c.rank)) };
}

/** Whether `card` may beat `attack` as far as this board knows (trump unknown: any other suit might be trump). */
export function mayBeat(attack: Card, card: Card, trumpSuit: Card['suit'] | null): boolean {
  if (trumpSuit !== null) return beats(attack, card, trumpSuit);
  return card.suit !== attack.suit || rankValue(card.rank) > rankValue(attack.rank);
}

export function trumpSuitOf(board: Board): Card['suit'] | null {
  return board.trump_card === null ? null : board.trump_card.suit;
}

/** Whether `seat` may beat cards now at all. */
export function defenceGate(board: Board, seat: number): Failure | null {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (seat !== board.defender) return REFUSALS.onlyDefenderBeats;
  if (board.is_taking) return REFUSALS.takingTable;
  return null;
}

export function checkDefence(board: Board, seat: number, hand: readonly Card[], slotId: number, card: Card): Verdict {
  const failure = defenceGate(board, seat);
  if (failure !== null) return failure;
  const slot = board.slots.find((s) => s.slot_id === slotId);
  if (slot === undefined) return REFUSALS.noSuchSlot;
  if (slot.defense_card !== null) return REFUSALS.slotAlreadyBeaten;
  if (indexOfCard(hand, card) < 0) return REFUSALS.cardNotInHand;
  if (mayBeat(slot.attack_card, card, trumpSuitOf(board))) return HONEST;
  if (!canCheat(board, seat)) return cheatRefusal(board, seat, REFUSALS.cardDoesNotBeat);
  return { ok: true, cheats: [true] };
}

/** Whether `seat` may transfer now at all (before looking at the card). */
export function transferGate(board: Board, seat: number): Failure | null {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (!board.options.is_transfer_allowed) return REFUSALS.noTransfers;
  if (seat !== board.defender) return REFUSALS.onlyDefenderTransfers;
  if (board.is_taking) return REFUSALS.takingTable;
  if (board.slots.length === 0) return REFUSALS.nothingToTransfer;
  if (isAnyCardBeaten(board.slots)) return REFUSALS.transferAfterBeaten;
  // The seat order skips a player who played their last card with the talon empty (and a partner).
  const next = nextOpponent(board, seat);
  if (next === seat) return REFUSALS.nobodyToTransferTo;
  const tableAfter = board.slots.length + 1;
  if (tableAfter > boutLimit(board.is_first_discard_done)) return REFUSALS.noRoomForTransfer;
  if (cardCount(board, next) < tableAfter) return REFUSALS.nextHoldsTooFew;
  return null;
}

/** Whether some card on the table is beaten. */
function isAnyCardBeaten(slots: readonly BoardSlot[]): boolean {
  for (const slot of slots) if (slot.defense_card !== null) return true;
  return false;
}

/** Whether every card on the table is beaten (true for an empty table). */
export function isEveryCardBeaten(slots: readonly BoardSlot[]): boolean {
  for (const slot of slots) if (slot.defense_card === null) return false;
  return true;
}

/** The rank a transfer must match: every attack card's (null when they differ, after a cheat). */
export function transferRank(board: Board): Rank | null {
  const rank = board.slots[0]?.attack_card.rank ?? null;
  for (const slot of board.slots) if (slot.attack_card.rank !== rank) return null;
  return rank;
}

export function checkTransfer(board: Board, seat: number, hand: readonly Card[], card: Card): Verdict {
  const failure = transferGate(board, seat);
  if (failure !== null) return failure;
  if (indexOfCard(hand, card) < 0) return REFUSALS.cardNotInHand;
  if (transferRank(board) === card.rank) return HONEST;
  if (!canCheat(board, seat)) return cheatRefusal(board, seat, REFUSALS.transferRank);
  return { ok: true, cheats: [true] };
}

/** Whether `seat` must still say beat before the bout can close (one of `pendingPassers`). */
export function isPendingPasser(board: Board, seat: number): boolean {
  return isThrower(board, seat) && cardCount(board, seat) > 0 && !board.passed.includes(seat);
}

/** Seats that must still say beat before the bout can close, in `throwers` order. */
export function pendingPassers(board: Board): number[] {
  return throwers(board).filter((seat) => cardCount(board, seat) > 0 && !board.passed.includes(seat));
}

export function hasPendingPasser(board: Board): boolean {
  for (let seat = 0; seat < board.results.length; seat++) if (isPendingPasser(board, seat)) return true;
  return false;
}

export function checkBeat(board: Board, seat: number): Verdict {
  const failure = checkSeat(board, seat);
  if (failure !== null) return failure;
  if (board.phase === 'catch_window') {
    return board.window_passed.includes(seat) ? REFUSALS.alreadyLetPass : HONEST;
  }
  if (!isPendingPasser(board, seat)) return REFUSALS.nothingToSayBeatTo;
  const isAllBeaten = board.slots.length > 0 && isEveryCardBeaten(board.slots);
  if (!board.is_taking && !isAllBeaten) return REFUSALS.cannotBeatYet;
  return HONEST;
}

export function checkTake(board: Board, seat: number): Verdict {
  const failure = checkInPlay(board, seat);
  if (failure !== null) return failure;
  if (seat !== board.defender) return REFUSALS.onlyDefenderTakes;
  if (board.is_taking) return REFUSALS.alreadyTaking;
  if (isEveryCardBeaten(board.slots)) return REFUSALS.nothingToTake;
  return HONEST;
}

/** Whose card a catch on this slot accuses: the defence card if any, else the attack card. */
export function accusedSeat(board: Pick<Board, 'defender'>, slot: BoardSlot): number {
  return slot.defense_card !== null ? board.defender : slot.attacker;
}

export function checkCatch(board: Board, seat: number, slotId: number): Verdict {
  const failure = checkSeat(board, seat);
  if (failure !== null) return failure;
  if (!board.options.is_cheating_allowed) return REFUSALS.noCheating;
  if (board.catch_banned.includes(seat)) return REFUSALS.catchForfeited;
  const slot = board.slots.find((s) => s.slot_id === slotId);
  if (slot === undefined) return REFUSALS.noSuchSlot;
  if (accusedSeat(board, slot) === seat) return REFUSALS.ownCard;
  return HONEST;
}

export function checkSurrender(board: Board, seat: number): Verdict {
  return checkSeat(board, seat) ?? HONEST;
}

import { boardFromView, roomOnTable, type Board } from './board.js';
import { oneCardList, rankValue, type Card } from './cards.js';
import {
  attackGate,
  checkBeat,
  checkCatch,
  checkSurrender,
  checkTake,
  defenceGate,
  hasRank,
  isEveryCardBeaten,
  mayBeat,
  ranksOnTable,
  transferGate,
  transferRank,
  trumpSuitOf,
} from './judge.js';
import type { Action, GameState, GameView, PlayerId } from './types.js';

function isView(source: GameState | GameView): source is GameView {
  return 'seats' in source;
}

/**
 * Every honest action `player` may take now, from the full state or from that player's own view
 * (both give the same list, so the web highlights exactly what the server accepts). A lead lists
 * every set of same-rank cards that fits; a throw-in lists single cards (several at once are
 * accepted too). In cheating mode catches are listed; cheats themselves never are. In secret
 * trump mode before the reveal a view cannot know the trump, so it lists every defence that
 * might beat; the server then judges with the real trump.
 */
export function legalActions(source: GameState | GameView, player: PlayerId): Action[] {
  // A state is its own board; only a view needs converting.
  let board: Board;
  let hand: readonly Card[];
  let seat: number;
  if (isView(source)) {
    if (source.viewer !== player || source.phase === 'finished') return [];
    board = boardFromView(source);
    seat = board.players.indexOf(player);
    hand = source.hand;
  } else {
    board = source;
    seat = board.players.indexOf(player);
    if (seat < 0) return [];
    hand = source.hands[seat]!;
  }
  if (seat < 0 || board.phase === 'finished' || board.results[seat] !== null) return [];
  const actions: Action[] = [];
  if (board.phase === 'play') {
    if (board.slots.length === 0) addLeads(board, seat, hand, player, actions);
    else addBoutMoves(board, seat, hand, player, actions);
  }
  // Cheap test first: beat needs every card beaten or a take (checkBeat then says the rest).
  const mayBeatNow = board.phase === 'catch_window' || board.is_taking || (board.slots.length > 0 && isEveryCardBeaten(board.slots));
  if (mayBeatNow && checkBeat(board, seat).ok) actions.push({ type: 'beat', player });
  if (board.options.is_cheating_allowed) {
    for (const slot of board.slots) {
      if (checkCatch(board, seat, slot.slot_id).ok) actions.push({ type: 'catch', player, slot_id: slot.slot_id });
    }
  }
  if (checkSurrender(board, seat).ok) actions.push({ type: 'surrender', player });
  return actions;
}

// The lists below use the same gates and tests as applyAction (judge.ts), checked once per
// player instead of once per card: legalActions runs before every action, so it is the hot path.

function addLeads(board: Board, seat: number, hand: readonly Card[], player: PlayerId, out: Action[]): void {
  if (attackGate(board, seat) !== null) return;
  const room = roomOnTable(board);
  if (room === 0) return;
  let listedRanks = 0; // bit set by rankValue: the rank's first card lists all its sets
  for (let first = 0; first < hand.length; first++) {
    const card = hand[first]!;
    const bit = 1 << rankValue(card.rank);
    if ((listedRanks & bit) !== 0) continue;
    listedRanks |= bit;
    // Most ranks are single in a hand: one lead, without building the rank's group.
    let group: Card[] | null = null;
    for (let i = first + 1; i < hand.length; i++) {
      if (hand[i]!.rank !== card.rank) continue;
      if (group === null) group = [card];
      group.push(hand[i]!);
    }
    if (group === null) {
      out.push({ type: 'attack', player, cards: oneCardList(card) });
      continue;
    }
    // Every non-empty subset of the rank's cards that fits (at most 4 cards, 15 subsets), in
    // the order of the subset's bit mask, each subset's cards in hand order.
    for (let mask = 1; mask < 1 << group.length; mask++) {
      if (POPCOUNT4[mask]! > room) continue;
      if ((mask & (mask - 1)) === 0) {
        out.push({ type: 'attack', player, cards: oneCardList(group[31 - Math.clz32(mask)]!) });
        continue;
      }
      const cards: Card[] = [];
      for (let i = 0; i < group.length; i++) if ((mask & (1 << i)) !== 0) cards.push(group[i]!);
      out.push({ type: 'attack', player, cards });
    }
  }
}

/** Cards in each subset of a group of at most four. */
const POPCOUNT4 = Uint8Array.from({ length: 16 }, (_, mask) => (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1));

function addBoutMoves(board: Board, seat: number, hand: readonly Card[], player: PlayerId, out: Action[]): void {
  if (seat === board.defender) {
    if (defenceGate(board, seat) === null) {
      const trumpSuit = trumpSuitOf(board);
      for (const slot of board.slots) {
        if (slot.defense_card !== null) continue;
        for (const card of hand) {
          if (mayBeat(slot.attack_card, card, trumpSuit)) out.push({ type: 'defence', player, slot_id: slot.slot_id, card });
        }
      }
    }
    if (transferGate(board, seat) === null) {
      const rank = transferRank(board);
      for (const card of hand) if (card.rank === rank) out.push({ type: 'transfer', player, card });
    }
    if (checkTake(board, seat).ok) out.push({ type: 'take', player });
    return;
  }
  if (attackGate(board, seat) !== null || roomOnTable(board) === 0) return;
  const ranks = ranksOnTable(board.slots);
  for (const card of hand) if (hasRank(ranks, card.rank)) out.push({ type: 'attack', player, cards: oneCardList(card) });
}

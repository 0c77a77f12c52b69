import { boardFromView, roomOnTable, type Board } from './board.js';
import { rankValue, type Card } from './cards.js';
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
  const board: Board = isView(source) ? boardFromView(source) : source;
  const seat = board.players.indexOf(player);
  if (seat < 0 || board.phase === 'finished' || board.results[seat] !== null) return [];
  let hand: readonly Card[];
  if (isView(source)) {
    if (source.viewer !== player) return [];
    hand = source.hand;
  } else {
    hand = source.hands[seat]!;
  }
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
  let listedRanks = 0; // bit set by rankValue: the rank's first card lists all its sets
  for (let first = 0; first < hand.length; first++) {
    const card = hand[first]!;
    const bit = 1 << rankValue(card.rank);
    if ((listedRanks & bit) !== 0) continue;
    listedRanks |= bit;
    if (!hasRankAfter(hand, first)) {
      // Most ranks are single in a hand: one lead, without building the rank's group.
      if (room >= 1) out.push({ type: 'attack', player, cards: [card] });
      continue;
    }
    const group = hand.filter((c) => c.rank === card.rank);
    // Every non-empty subset of the rank's cards that fits (at most 4 cards, 15 subsets).
    for (let mask = 1; mask < 1 << group.length; mask++) {
      const cards = group.filter((_, i) => (mask & (1 << i)) !== 0);
      if (cards.length <= room) out.push({ type: 'attack', player, cards });
    }
  }
}

/** Whether a card after `index` has the same rank as `hand[index]`. */
function hasRankAfter(hand: readonly Card[], index: number): boolean {
  const { rank } = hand[index]!;
  for (let i = index + 1; i < hand.length; i++) if (hand[i]!.rank === rank) return true;
  return false;
}

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
  for (const card of hand) if (hasRank(ranks, card.rank)) out.push({ type: 'attack', player, cards: [card] });
}

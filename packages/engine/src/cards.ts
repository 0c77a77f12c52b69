/** A card suit, spelled as in the API. */
export type Suit = 'clubs' | 'hearts' | 'spades' | 'diamonds';
/** A card rank, spelled as in the API; order 2 < 3 < ... < 10 < J < Q < K < A (2..5 only in a 52-card deck). */
export type Rank = '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K' | 'A';
/** One playing card. */
export interface Card {
  readonly suit: Suit;
  readonly rank: Rank;
}
export type DeckSize = 24 | 36 | 52;

export const SUITS: readonly Suit[] = ['clubs', 'diamonds', 'hearts', 'spades'];
export const RANKS: readonly Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
/** Ranks per suit in the card numbering (`cardId`): all thirteen, whatever the deck. */
export const RANK_COUNT = 13;

const RANK_VALUE: Record<Rank, number> = {
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '10': 10,
  J: 11,
  Q: 12,
  K: 13,
  A: 14,
};
const SUIT_LETTER: Record<Suit, string> = { clubs: 'C', diamonds: 'D', hearts: 'H', spades: 'S' };
const LETTER_SUIT: Record<string, Suit> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

/**
 * Rank values by the rank's first character: legality compares ranks for every card in every
 * hand before every action, and a typed-array read is several times faster than a lookup by
 * string key. It works because the thirteen first characters differ ('1' can only start '10').
 */
const RANK_VALUE_BY_FIRST_CHAR = new Uint8Array(128);
for (const rank of RANKS) RANK_VALUE_BY_FIRST_CHAR[rank.charCodeAt(0)] = RANK_VALUE[rank];

/** Numeric value of a rank, 2..14, for comparisons. */
export function rankValue(rank: Rank): number {
  return RANK_VALUE_BY_FIRST_CHAR[rank.charCodeAt(0)]!;
}

export function isSameCard(a: Card, b: Card): boolean {
  return a.suit === b.suit && a.rank === b.rank;
}

/** Compact notation, e.g. `10H`, `QS`: rank then suit letter (C, D, H, S). */
export function cardCode(c: Card): string {
  return c.rank + SUIT_LETTER[c.suit];
}

/** Parses one card in compact notation (`'QH'`, `'10S'`); throws on a typo, since it is for fixtures. */
export function card(code: string): Card {
  const text = code.trim().toUpperCase();
  const suit = LETTER_SUIT[text.slice(-1)];
  const rank = text.slice(0, -1) as Rank;
  if (suit === undefined || !(rank in RANK_VALUE)) throw new Error(`not a card: ${code}`);
  return { suit, rank };
}

/** Parses a space-separated list of cards: `hand('6S 10H AD')`. */
export function hand(codes: string): Card[] {
  return codes
    .split(/\s+/)
    .filter((c) => c !== '')
    .map(card);
}

/** The ordered deck before shuffling: 52 = 2..A, 36 = 6..A, 24 = 9..A, suit by suit. */
export function orderedDeck(deckSize: DeckSize): Card[] {
  // The shared card objects (CARDS, below): a deal then allocates no card.
  const first = RANK_COUNT - deckSize / 4;
  const deck: Card[] = [];
  for (let suit = 0; suit < 4; suit++) for (let rank = first; rank < RANK_COUNT; rank++) deck.push(CARDS[suit * RANK_COUNT + rank]!);
  return deck;
}

/** Whether `defence` beats `attack`: same suit and higher, or a trump against a non-trump. */
export function beats(attack: Card, defence: Card, trump: Suit): boolean {
  if (defence.suit === attack.suit) return rankValue(defence.rank) > rankValue(attack.rank);
  return defence.suit === trump;
}

/** The order a hand is shown in (spec: trumps first, then descending rank); returns a new array. */
export function sortHand(cards: readonly Card[], trump: Suit | null): Card[] {
  return [...cards].sort((a, b) => {
    const at = a.suit === trump ? 1 : 0;
    const bt = b.suit === trump ? 1 : 0;
    if (at !== bt) return bt - at;
    const byRank = rankValue(b.rank) - rankValue(a.rank);
    return byRank !== 0 ? byRank : SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit);
  });
}

/** The card a bot or an expired timer plays first: lowest non-trump, else lowest trump. */
export function lowestCard(cards: readonly Card[], trump: Suit): Card | undefined {
  let best: Card | undefined;
  for (const c of cards) {
    if (best === undefined || cardWeight(c, trump) < cardWeight(best, trump)) best = c;
  }
  return best;
}

export function cardWeight(card: Card, trump: Suit): number {
  return rankValue(card.rank) + (card.suit === trump ? 100 : 0);
}

const SUIT_INDEX_BY_FIRST_CHAR = new Int8Array(128).fill(-1);
SUITS.forEach((suit, i) => (SUIT_INDEX_BY_FIRST_CHAR[suit.charCodeAt(0)] = i));
const RANK_INDEX_BY_FIRST_CHAR = new Int8Array(128).fill(-1);
RANKS.forEach((rank, i) => (RANK_INDEX_BY_FIRST_CHAR[rank.charCodeAt(0)] = i));

/**
 * A card as a small integer, suit * 13 + rank index (2 = 0 ... A = 12), or -1 for anything that is
 * not a card. The fast paths key their tables and bit sets by it.
 */
export function cardId(card: Card): number {
  const suit = SUIT_INDEX_BY_FIRST_CHAR[card.suit.charCodeAt(0) & 127]!;
  const rank = RANK_INDEX_BY_FIRST_CHAR[card.rank.charCodeAt(0) & 127]!;
  if (suit < 0 || rank < 0 || SUITS[suit] !== card.suit || RANKS[rank] !== card.rank) return -1;
  return suit * RANK_COUNT + rank;
}

/** One shared, frozen object per card, by id: what the engine hands out instead of new ones. */
export const CARDS: readonly Card[] = Object.freeze(SUITS.flatMap((suit) => RANKS.map((rank) => Object.freeze({ suit, rank }))));

/**
 * One shared, frozen one-card list per card: a throw-in or a single lead is listed as
 * `cards: [card]` before every action, and these lists are never changed by anyone.
 */
const ONE_CARD_LISTS: readonly (readonly Card[])[] = CARDS.map((c) => Object.freeze([c]));

export function oneCardList(card: Card): readonly Card[] {
  const id = cardId(card);
  return id < 0 ? [card] : ONE_CARD_LISTS[id]!;
}

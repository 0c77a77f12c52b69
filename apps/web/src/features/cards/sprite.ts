import type { Card, Rank, Suit } from '@durak/engine';

/**
 * SPEC §3: the sprite's columns are ranks A,6,7,8,9,10,J,Q,K, then 2,3,4,5 for the 52-card deck
 * (FEATURES.md §16); rows are clubs, hearts, spades, diamonds.
 */
export const SPRITE_RANKS: readonly Rank[] = ['A', '6', '7', '8', '9', '10', 'J', 'Q', 'K', '2', '3', '4', '5'];
export const SPRITE_SUITS: readonly Suit[] = ['clubs', 'hearts', 'spades', 'diamonds'];
export const SPRITE_URL = '/cards/sprite.svg';
/** SPEC §9: a card is 100×150 by default. */
export const CARD_WIDTH = 100;
export const CARD_HEIGHT = 150;

/** Column and row of a card in the 13×4 sprite. */
export function spriteCell(card: Card): { column: number; row: number } {
  return { column: SPRITE_RANKS.indexOf(card.rank), row: SPRITE_SUITS.indexOf(card.suit) };
}

/** CSS background for a card drawn `width` px wide: the sprite scaled so one cell fills the card. */
export function spriteStyle(card: Card, width: number): { backgroundImage: string; backgroundSize: string; backgroundPosition: string } {
  const { column, row } = spriteCell(card);
  const height = (width * CARD_HEIGHT) / CARD_WIDTH;
  return {
    backgroundImage: `url(${SPRITE_URL})`,
    backgroundSize: `${width * SPRITE_RANKS.length}px ${height * SPRITE_SUITS.length}px`,
    backgroundPosition: `${-column * width}px ${-row * height}px`,
  };
}

const SUIT_SYMBOL: Record<Suit, string> = { clubs: '♣', hearts: '♥', spades: '♠', diamonds: '♦' };

/** A short readable name for screen readers and test ids: "10♥". */
export function cardLabel(card: Card): string {
  return `${card.rank}${SUIT_SYMBOL[card.suit]}`;
}

export function suitSymbol(suit: Suit): string {
  return SUIT_SYMBOL[suit];
}

/** A stable key for lists and test ids: "10-hearts". */
export function cardKey(card: Card): string {
  return `${card.rank}-${card.suit}`;
}

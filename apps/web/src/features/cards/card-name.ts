import type { Card, Rank, Suit } from '@durak/engine';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** The table's trump suit, so every card on it can say "…, trump" in its name; null elsewhere. */
export const TrumpSuitContext = createContext<Suit | null>(null);

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The 52-card deck's low ranks (FEATURES.md §16) are named in the `rules` namespace. */
const LOW_RANKS: ReadonlySet<Rank> = new Set(['2', '3', '4', '5']);
const rankKey = (rank: Rank): string => (LOW_RANKS.has(rank) ? `rules:rank_${rank}` : `card.rank_${rank}`);

/** A card's name in the page's language: "queen of hearts", and ", trump" when it is one. */
export function cardName(t: Translate, card: Card, trump: Suit | null): string {
  const name = t('card.name', { rank: t(rankKey(card.rank)), suit: t(`card.suit_${card.suit}`) });
  return card.suit === trump ? t('card.trump', { name }) : name;
}

/** `cardName` with the page's language and the table's trump. */
export function useCardName(): (card: Card) => string {
  const { t } = useTranslation('game');
  // Loads `rules` too: the 52-card deck's low ranks are named there (`rankKey`).
  useTranslation('rules');
  const trump = useContext(TrumpSuitContext);
  return (card) => cardName(t as Translate, card, trump);
}

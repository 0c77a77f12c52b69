import { describe, expect, test } from 'vitest';
import { beats, card, cardCode, hand, lowestCard, orderedDeck, sortHand } from './cards.js';

describe('cards', () => {
  test('the compact notation reads and writes every card', () => {
    for (const c of orderedDeck(36)) expect(card(cardCode(c))).toEqual(c);
    expect(hand('6S 10H AD')).toEqual([
      { suit: 'spades', rank: '6' },
      { suit: 'hearts', rank: '10' },
      { suit: 'diamonds', rank: 'A' },
    ]);
    expect(() => card('1X')).toThrow();
  });

  test('a 36-card deck runs 6..A and a 24-card deck 9..A', () => {
    expect(orderedDeck(36)).toHaveLength(36);
    expect(orderedDeck(24).map((c) => c.rank)).not.toContain('8');
    expect(orderedDeck(24)).toHaveLength(24);
  });

  test.each([
    ['a higher card of the same suit beats', '9H', '10H', 'spades', true],
    ['a lower card of the same suit does not beat', '9H', '7H', 'spades', false],
    ['a trump beats a non-trump of any rank', 'AH', '6S', 'spades', true],
    ['a non-trump never beats a trump', '6S', 'AH', 'spades', false],
    ['a higher trump beats a trump', '6S', '7S', 'spades', true],
    ['another non-trump suit does not beat', '6H', 'AD', 'spades', false],
  ] as const)('%s', (_name, attack, defence, trump, expected) => {
    expect(beats(card(attack), card(defence), trump)).toBe(expected);
  });

  test('a hand is shown trumps first, then by descending rank', () => {
    expect(sortHand(hand('6S 10H AD 7H QS'), 'spades').map(cardCode)).toEqual(['QS', '6S', 'AD', '10H', '7H']);
  });

  test('the lowest card is the lowest non-trump, a trump only when nothing else is left', () => {
    expect(cardCode(lowestCard(hand('6S 10H 8D'), 'spades')!)).toBe('8D');
    expect(cardCode(lowestCard(hand('7S 6S'), 'spades')!)).toBe('6S');
  });
});

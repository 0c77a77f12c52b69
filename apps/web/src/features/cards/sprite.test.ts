import { describe, expect, it } from 'vitest';
import { cardKey, cardLabel, spriteCell, spriteStyle } from './sprite';

describe('card sprite', () => {
  it.each([
    ['A', 'clubs', 0, 0],
    ['6', 'hearts', 1, 1],
    ['10', 'spades', 5, 2],
    ['K', 'diamonds', 8, 3],
    ['2', 'clubs', 9, 0],
    ['5', 'diamonds', 12, 3],
  ] as const)('finds %s of %s at column %i, row %i', (rank, suit, column, row) => {
    expect(spriteCell({ rank, suit })).toEqual({ column, row });
  });

  it('scales the sprite so one cell fills a card of any width', () => {
    expect(spriteStyle({ rank: 'Q', suit: 'hearts' }, 100)).toMatchObject({
      backgroundSize: '1300px 600px',
      backgroundPosition: '-700px -150px',
    });
    expect(spriteStyle({ rank: 'Q', suit: 'hearts' }, 50)).toMatchObject({
      backgroundSize: '650px 300px',
      backgroundPosition: '-350px -75px',
    });
  });

  it('names cards for people and for keys', () => {
    expect(cardLabel({ rank: '10', suit: 'hearts' })).toBe('10♥');
    expect(cardKey({ rank: 'J', suit: 'spades' })).toBe('J-spades');
  });
});

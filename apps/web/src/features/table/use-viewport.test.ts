import { describe, expect, it } from 'vitest';
import { fanStep } from './hand-view';
import { cardSizes, handWidth } from './use-viewport';

describe('the table’s sizes follow the window', () => {
  it.each([
    [1280, 720],
    [1280, 800],
    [1600, 900],
    [1920, 1080],
  ])('at %ix%i the whole hand is inside the window and the felt keeps most of the height', (width, height) => {
    const { hand, table } = cardSizes(width, height);
    const across = handWidth(width);
    for (const count of [6, 12, 24]) {
      const fan = hand + fanStep(count, across, hand) * (count - 1);
      expect(fan).toBeLessThanOrEqual(across + 0.5);
    }
    // The hand's strip (cards, their lift and the bottom margin) leaves the felt at least half the window.
    expect(hand * 1.5 + 30 + 20 + 76 + 56).toBeLessThan(height / 2);
    expect(table).toBeGreaterThanOrEqual(56);
  });

  it('cards and seats grow with the desktop window, and a phone keeps its sizes', () => {
    expect(cardSizes(1920, 1080).hand).toBeGreaterThan(cardSizes(1280, 720).hand);
    expect(cardSizes(390, 844)).toEqual({ hand: 78, table: 66, pile: 47 });
  });
});

import { describe, expect, it } from 'vitest';
import { fanStep } from './hand-view';
import { cardSizes, handWidth, seatScale } from './use-viewport';

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

  it('seats grow continuously with a desktop window up to 1.6 at 1920x1080; a phone keeps scale 1', () => {
    expect(seatScale(390, 844)).toBe(1);
    expect(seatScale(900, 600)).toBe(1);
    expect(seatScale(1920, 1080)).toBe(1.6);
    expect(seatScale(2560, 1440)).toBe(1.6);
    const steps = [
      [1280, 800],
      [1440, 860],
      [1600, 900],
      [1760, 1000],
      [1920, 1080],
    ].map(([w, h]) => seatScale(w!, h!));
    for (let i = 1; i < steps.length; i++) expect(steps[i]!).toBeGreaterThan(steps[i - 1]!);
    // The smaller side rules: a wide but short window does not grow the seats past what fits.
    expect(seatScale(1920, 800)).toBeLessThan(1.3);
  });

  it('the hand spreads over four fifths of a wide window; a phone keeps its width', () => {
    expect(handWidth(1920)).toBe(1536 - 44);
    expect(handWidth(1280)).toBe(1100 - 44);
    expect(handWidth(390)).toBe(346);
  });
});

import { describe, expect, it } from 'vitest';
import { placeBubble, type Box } from './bubble-place';

const viewport: Box = { left: 0, top: 0, width: 390, height: 844 };
const size = { width: 160, height: 44 };
const table: Box = { left: 40, top: 250, width: 310, height: 260 };
const hand: Box = { left: 0, top: 700, width: 390, height: 144 };

describe('placeBubble', () => {
  it('goes above a seat when nothing is there', () => {
    const seat = { left: 170, top: 120, width: 50, height: 50 };
    expect(placeBubble(seat, size, [table, hand], viewport)).toEqual({ left: 115, top: 72, ...size });
  });

  it('a seat at the top edge gets a side rather than going off the screen', () => {
    const seat = { left: 170, top: 4, width: 50, height: 50 };
    expect(placeBubble(seat, size, [table, hand], viewport)).toEqual({ left: 224, top: 7, ...size });
  });

  it('a wide seat at the top of a phone, with no room at its sides, gets it below, above the cards', () => {
    const seat = { left: 143, top: 4, width: 104, height: 120 };
    const placed = placeBubble(seat, size, [table, hand], viewport);
    expect(placed.top).toBe(128);
    expect(placed.top + placed.height).toBeLessThanOrEqual(table.top);
  });

  it('never covers the table cards or the hand: a seat between them gets a side', () => {
    const seat = { left: 10, top: 560, width: 50, height: 50 };
    const placed = placeBubble(
      seat,
      size,
      [
        { left: 0, top: 400, width: 390, height: 150 },
        { left: 0, top: 620, width: 390, height: 224 },
      ],
      viewport,
    );
    expect(placed.left).toBe(64);
    expect(placed.top).toBe(563);
  });

  it('stays inside the viewport at the right edge', () => {
    const seat = { left: 350, top: 120, width: 40, height: 40 };
    const placed = placeBubble(seat, size, [], viewport);
    expect(placed.left + placed.width).toBeLessThanOrEqual(390);
  });
});

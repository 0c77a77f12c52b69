import { describe, expect, it } from 'vitest';
import { seatSpots } from './seat-layout';

describe('seat layout', () => {
  it('puts the only opponent across the table', () => {
    expect([...seatSpots(2, 0).entries()]).toEqual([[1, { x: 50, y: 9 }]]);
  });
  it('seats the next player clockwise on the left and the one before on the right', () => {
    const spots = seatSpots(4, 2);
    expect(spots.get(3)!.x).toBeLessThan(50);
    expect(spots.get(0)).toEqual({ x: 50, y: 9 });
    expect(spots.get(1)!.x).toBeGreaterThan(50);
    expect(spots.has(2)).toBe(false);
  });
  it('finds a place for all five opponents at a full table', () => {
    const spots = seatSpots(6, 5);
    expect([...spots.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(new Set([...spots.values()].map((s) => `${s.x},${s.y}`)).size).toBe(5);
  });
});

/** Where an opponent's seat sits on the table, in percent of the table area. */
export interface Spot {
  x: number;
  y: number;
}

// Clockwise from the bottom seat: the next seat is on the left, then across the top, then right.
const SPOTS: Record<number, Spot[]> = {
  1: [],
  2: [{ x: 50, y: 9 }],
  3: [
    { x: 20, y: 14 },
    { x: 80, y: 14 },
  ],
  4: [
    { x: 14, y: 40 },
    { x: 50, y: 9 },
    { x: 86, y: 40 },
  ],
  5: [
    { x: 14, y: 46 },
    { x: 29, y: 11 },
    { x: 71, y: 11 },
    { x: 86, y: 46 },
  ],
  6: [
    { x: 14, y: 52 },
    { x: 15, y: 20 },
    { x: 50, y: 9 },
    { x: 85, y: 20 },
    { x: 86, y: 52 },
  ],
};

/**
 * The spot of every seat position but the bottom one. The current user sits at the bottom; a
 * spectator sees position 0 there. Positions run clockwise.
 */
export function seatSpots(playerCount: number, bottomPosition: number): Map<number, Spot> {
  const count = Math.min(6, Math.max(1, playerCount));
  const spots = SPOTS[count]!;
  const result = new Map<number, Spot>();
  spots.forEach((spot, i) => result.set((bottomPosition + 1 + i) % count, spot));
  return result;
}

import { describe, expect, it } from 'vitest';
import { reelMotion, reelTravel, SPIN_MS_BY_REEL, TURNS_BY_REEL, windowAt } from './reels';

describe('windowAt', () => {
  it('shows the stop above and below the payline, wrapping round the strip', () => {
    expect(windowAt(5, 32)).toEqual([4, 5, 6]);
    expect(windowAt(0, 32)).toEqual([31, 0, 1]);
    expect(windowAt(31, 32)).toEqual([30, 31, 0]);
  });
});

describe('reelTravel', () => {
  it.each([
    [10, 3, 2],
    [3, 10, 2],
    [0, 31, 3],
    [7, 7, 4],
  ])('from stop %i to %i after %i turns: starts on the shown stop, ends on the target, in strip order', (from, to, turns) => {
    const { cells, distance } = reelTravel(from, to, 32, turns);
    expect(cells[distance + 1]).toBe(from);
    expect(cells[1]).toBe(to);
    expect(cells.slice(0, 3)).toEqual(windowAt(to, 32));
    expect(cells.slice(distance, distance + 3)).toEqual(windowAt(from, 32));
    for (let j = 1; j < cells.length; j++) expect(cells[j]).toBe((cells[j - 1]! + 1) % 32);
    expect(distance).toBeGreaterThanOrEqual(turns * 32);
    expect(distance).toBeLessThan((turns + 1) * 32);
  });

  it('stops the reels left to right', () => {
    expect([...TURNS_BY_REEL]).toEqual([...TURNS_BY_REEL].sort());
    expect([...SPIN_MS_BY_REEL]).toEqual([...SPIN_MS_BY_REEL].sort((a, b) => a - b));
    expect(new Set(SPIN_MS_BY_REEL).size).toBe(3);
  });

  it('with reduced motion slides straight to the stop, still left to right', () => {
    const motion = reelMotion(true);
    expect(motion.turns).toEqual([0, 0, 0]);
    expect([...motion.durationsMs]).toEqual([...motion.durationsMs].sort((a, b) => a - b));
    expect(Math.max(...motion.durationsMs)).toBeLessThan(Math.min(...reelMotion(false).durationsMs));
  });
});

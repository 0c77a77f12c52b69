import { describe, expect, it } from 'vitest';
import { compareStanding, isRematch, pairFree, scoreGame, type ArenaScore, type FreePlayer } from './arena-rules.js';
import { pairKey } from './knockout.js';

const zero: ArenaScore = { points: 0, games: 0, wins: 0, streak: 0 };
const play = (outcomes: [result: 'victory' | 'defeat' | 'draw', reason?: string][]) =>
  outcomes.reduce((score, [result, reason]) => scoreGame(score, { result, reason: reason ?? 'normal' }).after, zero);

describe('scoreGame', () => {
  it('2 for a win, 1 for a draw, 0 for the durak', () => {
    expect(play([['victory']])).toEqual({ points: 2, games: 1, wins: 1, streak: 1 });
    expect(play([['draw']])).toEqual({ points: 1, games: 1, wins: 0, streak: 0 });
    expect(play([['defeat']])).toEqual({ points: 0, games: 1, wins: 0, streak: 0 });
  });

  it('after two wins in a row each further win scores 4, until a game that is not a win', () => {
    expect(play([['victory'], ['victory'], ['victory'], ['victory']]).points).toBe(2 + 2 + 4 + 4);
    expect(play([['victory'], ['victory'], ['draw'], ['victory'], ['victory'], ['victory']]).points).toBe(2 + 2 + 1 + 2 + 2 + 4);
    expect(play([['victory'], ['victory'], ['defeat'], ['victory']])).toMatchObject({ points: 6, streak: 1 });
  });

  it('a surrender, a timeout or leaving scores 0 and ends the streak, whatever the result', () => {
    for (const reason of ['surrender', 'timeout', 'left']) {
      const after = play([['victory'], ['victory'], ['victory', reason], ['victory']]);
      expect(after, reason).toEqual({ points: 6, games: 4, wins: 3, streak: 1 });
      expect(play([['draw', reason]]).points).toBe(0);
    }
  });
});

const free = (userId: number, freeSince: number, lastTable: number[] = []): FreePlayer => ({ userId, freeSince, lastTable });

describe('pairFree', () => {
  it('seats the longest waiting first; an odd one out waits', () => {
    expect(pairFree([free(1, 30), free(2, 10), free(3, 20)], 2)).toEqual([[2, 3]]);
    expect(pairFree([free(1, 0)], 2)).toEqual([]);
  });

  it('never repeats the last table while someone else is free, and does when nobody is', () => {
    expect(pairFree([free(1, 0, [2]), free(2, 0, [1]), free(3, 5)], 2)).toEqual([[1, 3]]);
    expect(pairFree([free(1, 0, [2]), free(2, 0, [1]), free(3, 5, [4]), free(4, 5, [3])], 2)).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(pairFree([free(1, 0, [2]), free(2, 0, [1])], 2)).toEqual([[1, 2]]);
  });

  it('swaps a forced repeat away when another table can take it', () => {
    // Greedy by waiting time would leave 3 and 4 (last table together) for the second table.
    const tables = pairFree([free(1, 0), free(2, 1), free(3, 2, [4]), free(4, 3, [3])], 2);
    expect(tables.every((t) => !(t.includes(3) && t.includes(4)))).toBe(true);
  });

  it('never seats linked accounts together, even over a repeat; alone together, one of them waits (FEATURES.md §12)', () => {
    const linked = new Set([pairKey(1, 2), pairKey(3, 4)]);
    // Every unlinked pair just played (as last tables of three would leave them): the draw repeats, never links.
    const met = pairFree([free(1, 0, [3, 4]), free(2, 1, [3, 4]), free(3, 2, [1, 2]), free(4, 3, [1, 2])], 2, linked);
    expect(met.flat().sort()).toEqual([1, 2, 3, 4]);
    for (const table of met) expect(linked.has(pairKey(table[0]!, table[1]!))).toBe(false);
    expect(pairFree([free(1, 0), free(2, 1)], 2, linked)).toEqual([]);
    // Three free, two of them linked: the unlinked one plays the longer waiting of the pair.
    expect(pairFree([free(1, 0), free(2, 1), free(5, 2)], 3, linked)).toEqual([[1, 5]]);
    // Nine at tables of three, three linked pairs: never together.
    const pairs = new Set([pairKey(1, 2), pairKey(3, 4), pairKey(5, 6)]);
    const tables = pairFree(
      Array.from({ length: 9 }, (_, i) => free(i + 1, i)),
      3,
      pairs,
    );
    expect(tables.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const table of tables) for (const a of table) for (const b of table) if (a < b) expect(pairs.has(pairKey(a, b))).toBe(false);
  });

  it('fills tables of up to four, sizes differing by at most one', () => {
    const field = Array.from({ length: 9 }, (_, i) => free(i + 1, i));
    expect(pairFree(field, 4).map((t) => t.length)).toEqual([3, 3, 3]);
    expect(pairFree(field.slice(0, 5), 4).map((t) => t.length)).toEqual([3, 2]);
  });
});

describe('isRematch', () => {
  it('is the same table again only when everyone at it sat together last', () => {
    expect(isRematch([free(1, 0, [2]), free(2, 0, [1])])).toBe(true);
    expect(isRematch([free(1, 0, [2]), free(2, 0, [3])])).toBe(true);
    expect(isRematch([free(1, 0, [2]), free(3, 0, [4])])).toBe(false);
    expect(isRematch([free(1, 0, [2, 3]), free(2, 0, [1, 3]), free(4, 0)])).toBe(false);
  });
});

describe('compareStanding', () => {
  it('ties: more wins, then fewer games, then the earlier to reach the score', () => {
    const row = (userId: number, points: number, wins: number, games: number, scoredAt: number | null) => ({
      userId,
      points,
      wins,
      games,
      streak: 0,
      scoredAt,
    });
    const sorted = [row(1, 6, 2, 4, 50), row(2, 6, 3, 5, 90), row(3, 6, 2, 3, 70), row(4, 6, 2, 4, 10), row(5, 8, 0, 9, 99)].sort(
      compareStanding,
    );
    expect(sorted.map((r) => r.userId)).toEqual([5, 2, 3, 4, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { advancersOf, drawRooms, pairKey, placesOf, prizesOf, roomSizes, seatsLinked, type RoomFinish } from './knockout.js';

/** A deterministic random source (mulberry32) so a draw can be replayed. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rooms of a round', () => {
  it.each([
    ['seven players at tables of four sit 4 + 3', 7, 4, [4, 3]],
    ['thirteen at tables of six sit 5 + 4 + 4', 13, 6, [5, 4, 4]],
    ['thirty-six at tables of six fill six tables', 36, 6, [6, 6, 6, 6, 6, 6]],
    ['two heads-up players sit one table', 2, 2, [2]],
    ['five heads-up players: two tables and a bye', 5, 2, [2, 2, 1]],
    ['nobody, no tables', 0, 4, []],
  ])('%s', (_name, players, size, expected) => {
    expect(roomSizes(players, size)).toEqual(expected);
  });

  it('seats everyone once, in rooms whose sizes differ by at most one', () => {
    const players = Array.from({ length: 37 }, (_, i) => i + 1);
    const rooms = drawRooms(players, 6, new Set(), seeded(1));
    expect(rooms.flat().sort((a, b) => a - b)).toEqual(players);
    const sizes = rooms.map((r) => r.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('avoids pairing players who already met when another draw allows it', () => {
    // 1 met 2 and 3 met 4: of the three ways to pair four players, only {1,3}{2,4} or {1,4}{2,3} avoid both.
    const past = new Set([pairKey(1, 2), pairKey(3, 4)]);
    for (let seed = 1; seed <= 20; seed++) {
      const rooms = drawRooms([1, 2, 3, 4], 2, past, seeded(seed));
      for (const room of rooms) expect(past.has(pairKey(room[0]!, room[1]!))).toBe(false);
    }
  });

  it('never seats linked accounts at one table, even when that repeats an earlier pairing (FEATURES.md §12)', () => {
    // 1-2 and 3-4 are linked (one device each); every other pair already met.
    const linked = new Set([pairKey(1, 2), pairKey(3, 4)]);
    const past = new Set([pairKey(1, 3), pairKey(2, 4), pairKey(1, 4), pairKey(2, 3)]);
    for (let seed = 1; seed <= 20; seed++) {
      const rooms = drawRooms([1, 2, 3, 4], 2, past, seeded(seed), 32, linked);
      expect(seatsLinked(rooms, linked)).toBe(false);
    }
    // Nine players at tables of three with three linked pairs: always kept apart.
    const many = new Set([pairKey(1, 2), pairKey(4, 5), pairKey(7, 8)]);
    const players = Array.from({ length: 9 }, (_, i) => i + 1);
    for (let seed = 1; seed <= 20; seed++) expect(seatsLinked(drawRooms(players, 3, new Set(), seeded(seed), 32, many), many)).toBe(false);
  });

  it('a new draw each round: the same players are not always seated the same way', () => {
    const players = Array.from({ length: 12 }, (_, i) => i + 1);
    const draws = new Set(Array.from({ length: 10 }, (_, s) => JSON.stringify(drawRooms(players, 4, new Set(), seeded(s + 1)))));
    expect(draws.size).toBeGreaterThan(1);
  });
});

const finish = (...rows: [number, RoomFinish['result'], number][]): RoomFinish[] =>
  rows.map(([userId, result, place]) => ({ userId, result, place }));

describe('who advances from a room', () => {
  it.each([
    ['heads-up: the winner goes on, the durak is out', finish([1, 'victory', 1], [2, 'defeat', 2]), [1]],
    ['four players: the first two out go on', finish([3, 'victory', 1], [1, 'victory', 2], [4, 'victory', 3], [2, 'defeat', 4]), [3, 1]],
    ['three players: two go on (the better half rounds up)', finish([2, 'victory', 1], [3, 'victory', 2], [1, 'defeat', 3]), [2, 3]],
    [
      'a draw between the last two when the half is full: neither goes on',
      finish([1, 'victory', 1], [2, 'victory', 2], [3, 'draw', 3], [4, 'draw', 3]),
      [1, 2],
    ],
    ['a draw between the last two when one spot is left: both go on', finish([1, 'victory', 1], [2, 'draw', 2], [3, 'draw', 2]), [1, 2, 3]],
    ['heads-up draw (no durak): both go on', finish([1, 'draw', 1], [2, 'draw', 1]), [1, 2]],
    ['death match: only the winner is not a loser', finish([2, 'victory', 1], [1, 'defeat', 2], [3, 'defeat', 2]), [2]],
  ])('%s', (_name, rows, expected) => {
    expect(advancersOf(rows)).toEqual(expected);
  });
});

describe('final places and prizes', () => {
  it('the final room gives the top places; earlier rounds share the places below, later rounds first', () => {
    const placings = placesOf(finish([5, 'victory', 1], [6, 'defeat', 2]), [
      { userId: 1, round: 1, gamePlace: 2 },
      { userId: 2, round: 1, gamePlace: 2 },
      { userId: 3, round: 2, gamePlace: 2 },
      { userId: 4, round: 2, gamePlace: 3 },
    ]);
    expect(placings).toEqual([
      { userId: 5, place: 1, sharedBy: 1 },
      { userId: 6, place: 2, sharedBy: 1 },
      { userId: 3, place: 3, sharedBy: 2 },
      { userId: 4, place: 3, sharedBy: 2 },
      { userId: 1, place: 5, sharedBy: 2 },
      { userId: 2, place: 5, sharedBy: 2 },
    ]);
  });

  it('players sharing places split those prizes equally, floored, the odd chip to the better finisher; nothing is lost', () => {
    const prizeOfPlace = (place: number) => [0n, 500n, 300n, 201n, 0n][place] ?? 0n;
    const placings = [
      { userId: 10, place: 1, sharedBy: 1 },
      { userId: 20, place: 2, sharedBy: 1 },
      { userId: 31, place: 3, sharedBy: 2 },
      { userId: 30, place: 3, sharedBy: 2 },
    ];
    // 30 finished their last game better than 31.
    const prizes = prizesOf(placings, prizeOfPlace, (a, b) => (a === 30 ? -1 : b === 30 ? 1 : 0));
    expect(prizes.get(10)).toBe(500n);
    expect(prizes.get(20)).toBe(300n);
    expect(prizes.get(30)).toBe(101n);
    expect(prizes.get(31)).toBe(100n);
    expect([...prizes.values()].reduce((a, b) => a + b, 0n)).toBe(1001n);
  });
});

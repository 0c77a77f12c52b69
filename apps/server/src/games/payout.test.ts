import type { PlayerResult } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { payoutOf } from './payout.js';

const r = (player: string, result: PlayerResult['result'], place: number): PlayerResult => ({ player, result, place });
const sum = (xs: readonly { amount: bigint }[]) => xs.reduce((s, x) => s + x.amount, 0n);

describe('payoutOf', () => {
  it('classic: the durak loses the bet, the rake comes off it, the rest is shared with remainder chips to the earliest finishers', () => {
    const s = payoutOf(['a', 'b', 'c'], [r('b', 'victory', 1), r('a', 'victory', 2), r('c', 'defeat', 3)], 1001n, 500);
    // won 1001, rake 50, shared 951: 476 to b (first out), 475 to a
    expect(s.rake).toBe(50n);
    expect(s.bets).toEqual([
      { playerId: 'a', amount: 475n },
      { playerId: 'b', amount: 476n },
      { playerId: 'c', amount: -1001n },
    ]);
    expect(sum(s.payouts) + s.rake).toBe(3003n);
  });

  it('two against two: both players of the durak team lose their bets, the winning partners share them (FEATURES.md §16)', () => {
    const s = payoutOf(
      ['a', 'b', 'c', 'd'],
      [r('b', 'victory', 1), r('d', 'victory', 2), r('a', 'defeat', 3), r('c', 'defeat', 3)],
      1000n,
      500,
    );
    // won 2000, rake 100, 950 each to b and d
    expect(s.rake).toBe(100n);
    expect(s.bets.map((b) => b.amount)).toEqual([-1000n, 950n, -1000n, 950n]);
  });

  it('a draw returns every stake and takes no rake', () => {
    const s = payoutOf(['a', 'b'], [r('a', 'draw', 1), r('b', 'draw', 1)], 500n, 500);
    expect(s.rake).toBe(0n);
    expect(s.bets.map((b) => b.amount)).toEqual([0n, 0n]);
  });

  it('death match: the winner takes the bank less the rake', () => {
    const s = payoutOf(
      ['a', 'b', 'c', 'd'],
      [r('c', 'victory', 1), r('a', 'defeat', 2), r('b', 'defeat', 2), r('d', 'defeat', 2)],
      100n,
      500,
    );
    expect(s.rake).toBe(15n);
    expect(s.payouts.find((p) => p.player === 'c')?.amount).toBe(385n);
    expect(s.bets.map((b) => b.amount)).toEqual([-100n, -100n, 285n, -100n]);
  });

  it('winners who drew among themselves still get the losers stake; amounts always sum to minus the rake', () => {
    const s = payoutOf(['a', 'b', 'c'], [r('a', 'draw', 1), r('b', 'draw', 1), r('c', 'defeat', 3)], 100n, 0);
    expect(s.bets.map((b) => b.amount)).toEqual([50n, 50n, -100n]);
    expect(sum(s.bets)).toBe(-s.rake);
  });
});

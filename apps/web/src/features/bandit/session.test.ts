import { describe, expect, it } from 'vitest';
import { addSpin, emptyTally, formatElapsed, isWinOverStake, signedChips } from './session';

describe('the session panel', () => {
  it('adds each spin as win minus stake', () => {
    const after = [
      ['100', '0'],
      ['100', '300'],
      ['50', '50'],
    ].reduce((t, [bet, win]) => addSpin(t, bet!, win!), emptyTally);
    expect(after).toEqual({ spins: 3, net: 100n });
  });

  it.each([
    [0, '0:00'],
    [7_900, '0:07'],
    [750_000, '12:30'],
    [3_723_000, '1:02:03'],
  ])('shows %i ms as %s', (ms, text) => expect(formatElapsed(ms)).toBe(text));

  it('signs the net result', () => {
    expect(signedChips(150n, (d) => d)).toBe('+150');
    expect(signedChips(-40n, (d) => d)).toBe('-40');
    expect(signedChips(0n, (d) => d)).toBe('0');
  });

  it('calls a win a win only when it is more than the stake', () => {
    expect(isWinOverStake('100', '300')).toBe(true);
    expect(isWinOverStake('100', '100')).toBe(false);
    expect(isWinOverStake('100', '0')).toBe(false);
  });
});

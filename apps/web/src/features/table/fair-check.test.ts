import { dealFromSeed, sha256Hex } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { checkDeal } from './fair-check';

describe('deal check', () => {
  it('confirms a seed that matches the published hash and re-deals its hands', () => {
    const seed = 'a1b2c3d4e5f6';
    const check = checkDeal(seed, sha256Hex(seed), 36, 3);
    expect(check.isHashMatching).toBe(true);
    expect(check.hands).toEqual(dealFromSeed(seed, 36, 3).hands);
    expect(check.hands.every((h) => h.length === 6)).toBe(true);
  });
  it('flags a seed that does not match the hash', () => {
    expect(checkDeal('other', sha256Hex('seed'), 24, 2).isHashMatching).toBe(false);
  });
});

import { sha256Hex } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { playedRecord } from '../../test-support/game-record';
import { checkShuffle } from './verify-record';

describe('verify the shuffle', () => {
  it('confirms a record whose seed matches the published hash and whose moves fit the re-dealt hands', () => {
    const check = checkShuffle(playedRecord('c0ffee'))!;
    expect(check.isHashMatching).toBe(true);
    expect(check.isReplayMatching).toBe(true);
    expect(check.hands.map((h) => [h.username, h.cards.length])).toEqual([
      ['p11', 6],
      ['p12', 6],
      ['p13', 6],
    ]);
  });

  it('catches a seed swapped after the deal, even when the new seed is hashed to match', () => {
    const record = playedRecord('c0ffee', 12);
    // The moves were made with the first deal's cards; another seed deals other hands.
    const swapped = checkShuffle({ ...record, seed: 'other-seed', seed_hash: sha256Hex('other-seed') })!;
    expect(swapped.isHashMatching).toBe(true);
    expect(swapped.isReplayMatching).toBe(false);
    const mismatched = checkShuffle({ ...record, seed_hash: sha256Hex('published-something-else') })!;
    expect(mismatched.isHashMatching).toBe(false);
  });

  it('has nothing to check without a revealed seed', () => {
    expect(checkShuffle({ ...playedRecord('c0ffee'), seed: null })).toBeNull();
  });
});

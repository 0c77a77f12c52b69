import { describe, expect, it } from 'vitest';
import { reelStop, seedKey, serverSeedHash, spinOutcome } from './fair.js';

const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const key = seedKey(seed);

/**
 * Vectors computed outside this code, with OpenSSL:
 *   printf '%s' "player-1:0:0" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$seed
 * The first 32-bit word of each digest, mod 32 (2^32 is a multiple of 32: never rejected).
 */
const vectors: [string, number, number, string, number][] = [
  ['player-1', 0, 0, '2d5ed446', 6],
  ['player-1', 0, 1, 'ed4e1ced', 13],
  ['player-1', 0, 2, '0d76ae3d', 29],
  ['player-1', 7, 0, '3920d373', 19],
  ['player-1', 7, 1, '67eb7e72', 18],
  ['player-1', 7, 2, 'b871bcbd', 29],
  ['lucky', 123456, 2, '264bfc4c', 12],
];

describe('provably fair stops', () => {
  it('commits to sha256 of the seed bytes (openssl: xxd -r -p | openssl dgst -sha256)', () => {
    expect(serverSeedHash(seed)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it.each(vectors)('client seed %s, nonce %i, reel %i (word %s) stops at %i', (client, nonce, reel, _word, stop) => {
    expect(reelStop(key, client, nonce, reel, 32)).toBe(stop);
  });

  it('samples lengths that do not divide 2^32 from the same word without modulo', () => {
    // 0xed4e1ced = 3,981,319,405 lies under the largest multiple of 10^9 below 2^32 (4 * 10^9).
    expect(reelStop(key, 'player-1', 0, 1, 1_000_000_000)).toBe(981_319_405);
  });

  it('spins the three reels of one nonce into stops, symbols and a multiplier', () => {
    expect(spinOutcome(seed, 'player-1', 7)).toEqual({ stops: [19, 18, 29], symbols: ['crown', 'lemon', 'apple'], multiplier: 0 });
  });

  it('lands on every stop of every reel equally often (chi-square over 1M draws per reel)', () => {
    const draws = 1_000_000;
    // 31 degrees of freedom: the 0.1% critical value is 61.1.
    const critical = 61.1;
    for (let reel = 0; reel < 3; reel++) {
      const seen = new Array<number>(32).fill(0);
      for (let nonce = 0; nonce < draws; nonce++) seen[reelStop(key, 'uniformity', nonce, reel, 32)]!++;
      const expected = draws / 32;
      const chiSquare = seen.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
      expect(chiSquare, `reel ${reel}: ${seen.join(',')}`).toBeLessThan(critical);
    }
  });
});

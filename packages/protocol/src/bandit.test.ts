import { describe, expect, it } from 'vitest';
import { spinBody, stopFromDigest, stopMessage } from './bandit.js';

const words = (...values: number[]) => {
  const bytes = new Uint8Array(32);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setUint32(i * 4, v));
  return bytes;
};

describe('stopFromDigest', () => {
  it('takes the first word modulo the strip length', () => {
    expect(stopFromDigest(words(0x2d5ed446), 32)).toBe(6);
  });

  it('skips a word in the biased tail above the largest multiple of the length', () => {
    // 2^32 mod 3 = 1: 0xffffffff alone would make stop 0 one part in 2^32 likelier.
    expect(stopFromDigest(words(0xffffffff, 7), 3)).toBe(1);
    // 4 * 10^9 is the largest multiple of 10^9 below 2^32.
    expect(stopFromDigest(words(4_000_000_000, 4_000_000_001, 5), 1_000_000_000)).toBe(5);
    expect(stopFromDigest(words(3_999_999_999), 1_000_000_000)).toBe(999_999_999);
  });

  it('gives up on a digest of rejected words so the caller hashes the next round', () => {
    expect(stopFromDigest(new Uint8Array(32).fill(0xff), 3)).toBeUndefined();
    expect(stopMessage('abc', 4, 2)).toBe('abc:4:2');
    expect(stopMessage('abc', 4, 2, 1)).toBe('abc:4:2:1');
  });
});

describe('spinBody', () => {
  it('takes a bet as a whole number or a decimal string', () => {
    expect(spinBody.parse({ bet: '250', balance_type: 'BALANCE', idempotency_key: 'abcdefgh' }).bet).toBe(250n);
    expect(spinBody.safeParse({ bet: 1e4 + 1, balance_type: 'BALANCE', idempotency_key: 'abcdefgh' }).success).toBe(false);
  });
});

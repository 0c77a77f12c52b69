import type { BanditSymbol, PastSpin, PayLine } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { acceptedStop, checkSpin, payOf, recomputeStops, sha256Hex } from './verify';

const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
// Computed with OpenSSL (see apps/server/src/bandit/fair.test.ts): the commitment and three stops.
const seedHash = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

const symbols: BanditSymbol[] = ['apple', 'bar', 'cherry', 'crown', 'lemon', 'red_seven', 'triple_seven'];
const strip = Array.from({ length: 32 }, (_, i) => symbols[i % 7]!);
const strips = [strip, strip, strip];
const paytable: PayLine[] = [
  { symbols: ['apple'], count: 3, multiplier: 15 },
  { symbols: ['cherry'], count: 1, multiplier: 1 },
];

const spin = (overrides: Partial<PastSpin> = {}): PastSpin => ({
  id: 1,
  stops: [19, 18, 29],
  symbols: [strip[19]!, strip[18]!, strip[29]!],
  multiplier: 0,
  bet: '100',
  win: '0',
  balance_type: 'BONUS_BALANCE',
  nonce: 7,
  client_seed: 'player-1',
  server_seed_hash: seedHash,
  server_seed: seed,
  created_at: '2026-11-24T07:00:00.000Z',
  ...overrides,
});

describe('verifying a spin in the browser', () => {
  it('hashes the seed bytes as the server committed them', async () => {
    expect(await sha256Hex(seed)).toBe(seedHash);
  });

  it('recomputes the stops OpenSSL gives for the same seed, client seed and nonce', async () => {
    expect(await recomputeStops(seed, 'player-1', 0, [32, 32, 32])).toEqual([6, 13, 29]);
    expect(await recomputeStops(seed, 'player-1', 7, [32, 32, 32])).toEqual([19, 18, 29]);
  });

  it('skips words in the biased tail', () => {
    const digest = new Uint8Array(32);
    new DataView(digest.buffer).setUint32(0, 0xffffffff);
    new DataView(digest.buffer).setUint32(4, 7);
    expect(acceptedStop(digest, 3)).toBe(1);
    expect(acceptedStop(new Uint8Array(32).fill(0xff), 3)).toBeUndefined();
  });

  it('reads the paytable top down', () => {
    expect(payOf(paytable, ['apple', 'apple', 'apple'])).toBe(15);
    expect(payOf(paytable, ['apple', 'cherry', 'apple'])).toBe(1);
    expect(payOf(paytable, ['apple', 'bar', 'apple'])).toBe(0);
  });

  it('says match for an honest spin', async () => {
    const stops = [19, 18, 29];
    const multiplier = payOf(
      paytable,
      stops.map((s) => strip[s]!),
    );
    expect(await checkSpin(spin({ multiplier, win: String(100 * multiplier) }), strips, paytable)).toMatchObject({
      status: 'match',
      stops,
    });
  });

  it.each<[string, Partial<PastSpin>, string]>([
    ['other stops than the seed gives', { stops: [19, 18, 28] }, 'stops'],
    ['a seed that is not the committed one', { server_seed_hash: '00'.repeat(32) }, 'hash'],
    ['a payout the table does not give', { multiplier: 15, win: '1500' }, 'payout'],
  ])('says mismatch for %s', async (_name, overrides, reason) => {
    expect(await checkSpin(spin(overrides), strips, paytable)).toMatchObject({ status: 'mismatch', reason });
  });

  it('cannot check a spin whose seed is still secret', async () => {
    expect(await checkSpin(spin({ server_seed: null }), strips, paytable)).toEqual({ status: 'unrevealed' });
  });
});

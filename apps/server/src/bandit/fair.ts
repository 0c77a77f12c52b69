import { createHash, createHmac, randomBytes } from 'node:crypto';
import { stopFromDigest, stopMessage } from '@durak/protocol';
import { multiplierAt, STRIPS, symbolsAt } from './machine.js';

/**
 * Provably fair spins (FEATURES.md §4). The server seed is 32 random bytes, shown as 64 hex
 * digits; before any spin the player sees sha256(the 32 bytes). Reel i of spin `nonce` stops at
 * HMAC-SHA256(key = the 32 bytes, `client_seed:nonce:i`) read by rejection sampling. Once the
 * seed is rotated and revealed, anyone can recompute every spin it made, e.g.
 * `printf 'c:0:1' | openssl dgst -sha256 -mac HMAC -macopt hexkey:<seed>`.
 */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment published before play: sha256 of the seed's bytes, hex. */
export function serverSeedHash(serverSeedHex: string): string {
  return createHash('sha256').update(Buffer.from(serverSeedHex, 'hex')).digest('hex');
}

/** A fresh client seed for a player who has not chosen one. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/**
 * A round fails only when all 8 words land in the rejected tail, with probability below
 * (length / 2^32)^8: for any sane strip 64 rounds never run out; a bug (a length of 2^32) would.
 */
const MAX_ROUNDS = 64;

/** The HMAC key: the seed's 32 bytes (decoded once per spin, not once per reel). */
export function seedKey(serverSeedHex: string): Buffer {
  return Buffer.from(serverSeedHex, 'hex');
}

/** The stop of one reel: the first accepted word of round 0, 1, ... of the HMAC. */
export function reelStop(key: Buffer, clientSeed: string, nonce: number, reel: number, length: number): number {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const digest = createHmac('sha256', key)
      .update(stopMessage(clientSeed, nonce, reel, round))
      .digest();
    const stop = stopFromDigest(digest, length);
    if (stop !== undefined) return stop;
  }
  throw new Error(`no stop after ${MAX_ROUNDS} rounds: the strip length ${length} is not sane`);
}

export interface SpinOutcome {
  readonly stops: number[];
  readonly symbols: ReturnType<typeof symbolsAt>;
  readonly multiplier: number;
}

/**
 * The one path from seeds to a result: the spin call and the bench's simulation both run it, so
 * the measured return is the return of the code that pays.
 */
export function spinOutcome(serverSeedHex: string, clientSeed: string, nonce: number): SpinOutcome {
  const key = seedKey(serverSeedHex);
  const stops = STRIPS.map((strip, reel) => reelStop(key, clientSeed, nonce, reel, strip.length));
  return { stops, symbols: symbolsAt(stops), multiplier: multiplierAt(stops) };
}

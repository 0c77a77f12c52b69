import { z } from 'zod';
import { chipsAmountBetween } from './bounds.js';
import { chips, links, walletType } from './common.js';
import { wallet } from './user.js';

/** FEATURES.md §4: a spin stakes 10 to 10,000 chips. */
export const BANDIT_MIN_BET = 10n;
export const BANDIT_MAX_BET = 10_000n;

/** SPEC §9's slot-machine symbols. */
export const banditSymbol = z.enum(['apple', 'bar', 'cherry', 'crown', 'lemon', 'red_seven', 'triple_seven']);
export type BanditSymbol = z.infer<typeof banditSymbol>;

/**
 * One line of the paytable: pays `multiplier` times the bet when at least `count` of the three
 * payline symbols are among `symbols`. The table is read top down and the first matching line
 * pays, so "three red sevens" is listed before "any three sevens" and two cherries before one.
 */
export const payLine = z.object({
  symbols: z.array(banditSymbol).min(1),
  count: z.number().int().min(1).max(3),
  multiplier: z.number().int().positive(),
});
export type PayLine = z.infer<typeof payLine>;

export const paytableAnswer = z.object({
  /** Each reel's stops, top to bottom; stop r is the symbol on the payline when the reel shows r. */
  strips: z.array(z.array(banditSymbol)),
  paytable: z.array(payLine),
  /** The exact return over all stop combinations, as a fraction of the bet (0.96 = 96%). */
  rtp: z.number(),
  /** The exact share of spins that pay anything. */
  hit_frequency: z.number(),
  max_multiplier: z.number().int(),
  min_bet: chips,
  max_bet: chips,
});
export type PaytableAnswer = z.infer<typeof paytableAnswer>;

/** Letters, digits, `_` and `-`: no `:`, so `client_seed:nonce:reel` reads one way only. */
export const clientSeed = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -');

export const banditSeedAnswer = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The nonce the next spin uses. */
  nonce: z.number().int().nonnegative(),
});
export type BanditSeedAnswer = z.infer<typeof banditSeedAnswer>;

export const setClientSeedBody = z.object({ client_seed: clientSeed });

export const rotateSeedAnswer = z.object({ revealed_server_seed: z.string(), server_seed_hash: z.string() });
export type RotateSeedAnswer = z.infer<typeof rotateSeedAnswer>;

/** A whole number of chips within the spin limits, as a decimal string or a JSON number. */
export const banditBet = chipsAmountBetween(BANDIT_MIN_BET, BANDIT_MAX_BET);

export const spinBody = z.object({
  bet: banditBet,
  balance_type: walletType,
  /** The client's name for this spin: a retry with the same key answers the same spin. */
  idempotency_key: z.string().min(8).max(128),
});
export type SpinBody = z.infer<typeof spinBody>;
/** What a client sends to spin. */
export type SpinRequest = z.input<typeof spinBody>;

export const spinAnswer = z.object({
  stops: z.array(z.number().int().nonnegative()),
  symbols: z.array(banditSymbol),
  multiplier: z.number().int().nonnegative(),
  bet: chips,
  win: chips,
  balance_type: walletType,
  nonce: z.number().int().nonnegative(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  balances: z.array(wallet),
});
export type SpinAnswer = z.infer<typeof spinAnswer>;

export const pastSpin = spinAnswer.omit({ balances: true }).extend({
  id: z.number().int(),
  /** Null until the seed is rotated: only then can the spin be recomputed. */
  server_seed: z.string().nullable(),
  created_at: z.string(),
});
export type PastSpin = z.infer<typeof pastSpin>;

export const pastSpinList = z.object({ items: z.array(pastSpin), links });
export type PastSpinList = z.infer<typeof pastSpinList>;

/**
 * The multiplier of a payline: the first paytable line it matches, or 0. The server pays with
 * it and the web's verify screen recomputes with it, so both read the table the same way.
 */
export function lineMultiplier(paytable: readonly PayLine[], symbols: readonly BanditSymbol[]): number {
  for (const line of paytable) {
    const matching = symbols.filter((symbol) => line.symbols.includes(symbol)).length;
    if (matching >= line.count) return line.multiplier;
  }
  return 0;
}

/** What is HMAC'd for reel `reel` of spin `nonce`; round > 0 only after 8 rejected words. */
export function stopMessage(clientSeedText: string, nonce: number, reel: number, round = 0): string {
  const base = `${clientSeedText}:${nonce}:${reel}`;
  return round === 0 ? base : `${base}:${round}`;
}

/**
 * A uniform stop in 0..length-1 from an HMAC digest, by rejection sampling: the digest is read as
 * big-endian 32-bit words and the first word below the largest multiple of `length` under 2^32
 * gives `word % length`; words at or above it would favour the low stops and are skipped. With 32
 * stops nothing is ever skipped (2^32 is a multiple of 32). Undefined when every word is
 * rejected: the caller then HMACs the next round.
 */
export function stopFromDigest(digest: Uint8Array, length: number): number | undefined {
  if (!Number.isInteger(length) || length < 1 || length > 2 ** 32) throw new Error(`bad strip length ${length}`);
  const limit = 2 ** 32 - (2 ** 32 % length);
  for (let offset = 0; offset + 4 <= digest.length; offset += 4) {
    const word = ((digest[offset]! << 24) >>> 0) + (digest[offset + 1]! << 16) + (digest[offset + 2]! << 8) + digest[offset + 3]!;
    if (word < limit) return word % length;
  }
  return undefined;
}

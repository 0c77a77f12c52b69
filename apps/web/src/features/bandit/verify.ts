import type { BanditSymbol, PastSpin, PayLine } from '@durak/protocol';

/**
 * The browser's own check of a past spin (FEATURES.md §4), written apart from the server's code
 * on purpose: a verifier that imported the server's functions would only agree with itself. It
 * follows the published formula: sha256(seed bytes) is the commitment; reel i stops at the first
 * accepted big-endian 32-bit word of HMAC-SHA256(seed bytes, `client_seed:nonce:i`), words at or
 * above the largest multiple of the strip length under 2^32 rejected; after 8 rejected words the
 * next round HMACs `client_seed:nonce:i:1`, and so on.
 */

function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) throw new Error('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const hexOf = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(seedHex: string): Promise<string> {
  return hexOf(await crypto.subtle.digest('SHA-256', bytesOfHex(seedHex)));
}

/** The first accepted word of a digest, modulo the strip length; undefined when all 8 are rejected. */
export function acceptedStop(digest: Uint8Array, length: number): number | undefined {
  const limit = 2 ** 32 - (2 ** 32 % length);
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  for (let offset = 0; offset + 4 <= digest.byteLength; offset += 4) {
    const word = view.getUint32(offset);
    if (word < limit) return word % length;
  }
  return undefined;
}

export async function recomputeStops(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  stripLengths: readonly number[],
): Promise<number[]> {
  const key = await crypto.subtle.importKey('raw', bytesOfHex(serverSeedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const text = new TextEncoder();
  return Promise.all(
    stripLengths.map(async (length, reel) => {
      for (let round = 0; round < 64; round++) {
        const message = round === 0 ? `${clientSeed}:${nonce}:${reel}` : `${clientSeed}:${nonce}:${reel}:${round}`;
        const stop = acceptedStop(new Uint8Array(await crypto.subtle.sign('HMAC', key, text.encode(message))), length);
        if (stop !== undefined) return stop;
      }
      throw new Error('no stop after 64 rounds');
    }),
  );
}

/** The first paytable line the payline matches (at least `count` of its symbols among `symbols`), or 0. */
export function payOf(paytable: readonly PayLine[], symbols: readonly BanditSymbol[]): number {
  const line = paytable.find((l) => symbols.filter((s) => l.symbols.includes(s)).length >= l.count);
  return line?.multiplier ?? 0;
}

export type SpinCheck =
  | { readonly status: 'unrevealed' }
  | { readonly status: 'match'; readonly stops: number[]; readonly multiplier: number }
  | { readonly status: 'mismatch'; readonly reason: 'hash' | 'stops' | 'payout'; readonly stops: number[]; readonly multiplier: number };

/** Recomputes a past spin from its revealed seed and says whether the server told the truth. */
export async function checkSpin(
  spin: PastSpin,
  strips: readonly (readonly BanditSymbol[])[],
  paytable: readonly PayLine[],
): Promise<SpinCheck> {
  if (!spin.server_seed) return { status: 'unrevealed' };
  const stops = await recomputeStops(
    spin.server_seed,
    spin.client_seed,
    spin.nonce,
    strips.map((s) => s.length),
  );
  const symbols = stops.map((stop, reel) => strips[reel]![stop]!);
  const multiplier = payOf(paytable, symbols);
  const result = { stops, multiplier };
  if ((await sha256Hex(spin.server_seed)) !== spin.server_seed_hash) return { status: 'mismatch', reason: 'hash', ...result };
  if (stops.some((stop, reel) => stop !== spin.stops[reel])) return { status: 'mismatch', reason: 'stops', ...result };
  if (multiplier !== spin.multiplier || BigInt(spin.win) !== BigInt(spin.bet) * BigInt(multiplier))
    return { status: 'mismatch', reason: 'payout', ...result };
  return { status: 'match', ...result };
}

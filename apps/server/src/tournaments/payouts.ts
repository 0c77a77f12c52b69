/**
 * Payout presets in basis points of the pool, and what they pay for a given entrant count and
 * pool (FEATURES.md §1): prizes floored to whole chips, the remainder to first place, so the
 * prizes add up to the pool exactly.
 */

export interface PayoutPreset {
  readonly id: number;
  readonly name: string;
  /** Basis points of the pool for places 1, 2, ...; they add up to 10,000. */
  readonly places: readonly number[];
}

/**
 * The structure for this many entrants: a preset paying more places than there are players is
 * cut to the entrants and scaled back to 10,000 bps (floored, the rest to first place), so a
 * small field never leaves part of the pool unpaid.
 */
export function payoutStructure(preset: PayoutPreset, entrants: number): { place: number; bps: number }[] {
  const paid = preset.places.slice(0, Math.max(1, Math.min(preset.places.length, entrants)));
  const total = paid.reduce((a, b) => a + b, 0);
  const bps = paid.map((b) => Math.floor((b * 10_000) / total));
  bps[0]! += 10_000 - bps.reduce((a, b) => a + b, 0);
  return bps.map((b, i) => ({ place: i + 1, bps: b }));
}

/** The prize of each paid place from a pool: floors, remainder to first. Sums to the pool exactly. */
export function prizeDistribution(structure: readonly { place: number; bps: number }[], pool: bigint): { place: number; amount: bigint }[] {
  const items = structure.map((s) => ({ place: s.place, amount: (pool * BigInt(s.bps)) / 10_000n }));
  const paid = items.reduce((sum, i) => sum + i.amount, 0n);
  if (items.length > 0) items[0] = { place: 1, amount: items[0]!.amount + (pool - paid) };
  return items;
}

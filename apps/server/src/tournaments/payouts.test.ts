import { describe, expect, it } from 'vitest';
import { payoutStructure, prizeDistribution, type PayoutPreset } from './payouts.js';

const top3: PayoutPreset = { id: 2, name: '50/30/20', places: [5000, 3000, 2000] };

describe('payout structure', () => {
  it('pays the preset as it is when there are enough entrants', () => {
    expect(payoutStructure(top3, 13)).toEqual([
      { place: 1, bps: 5000 },
      { place: 2, bps: 3000 },
      { place: 3, bps: 2000 },
    ]);
  });

  it('cuts a preset to the field and scales it back to the whole pool (two players of a top-3 preset)', () => {
    const structure = payoutStructure(top3, 2);
    expect(structure).toEqual([
      { place: 1, bps: 6250 },
      { place: 2, bps: 3750 },
    ]);
  });

  it('always adds up to 10,000 bps', () => {
    const nine: PayoutPreset = { id: 4, name: '9 places', places: [3000, 2000, 1400, 1000, 800, 600, 500, 400, 300] };
    for (let entrants = 1; entrants <= 12; entrants++) {
      expect(payoutStructure(nine, entrants).reduce((s, p) => s + p.bps, 0)).toBe(10_000);
    }
  });
});

describe('prize distribution', () => {
  it('floors each prize and gives the remainder to first, so the pool is paid exactly', () => {
    const items = prizeDistribution(payoutStructure(top3, 10), 1001n);
    expect(items).toEqual([
      { place: 1, amount: 501n },
      { place: 2, amount: 300n },
      { place: 3, amount: 200n },
    ]);
  });

  it('an empty pool pays nothing', () => {
    expect(prizeDistribution(payoutStructure(top3, 10), 0n).every((i) => i.amount === 0n)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { newPlayerRating, rate, rateGame } from './glicko2.js';

describe('Glicko-2', () => {
  it("reproduces the worked example of Glickman's paper (1500/200 against 1400/30 won, 1550/100 lost, 1700/300 lost)", () => {
    const after = rate({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The paper's answer: r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('the winner of a heads-up game between new players goes up and the durak down by the same amount', () => {
    const after = rateGame([
      { id: 'a', place: 1, before: newPlayerRating },
      { id: 'b', place: 2, before: newPlayerRating },
    ]);
    const a = after.get('a')!;
    const b = after.get('b')!;
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.rd).toBeLessThan(350);
  });

  it('in a four-player game the order of places is the order of gains, and a shared place gains the same', () => {
    const after = rateGame([
      { id: 1, place: 1, before: newPlayerRating },
      { id: 2, place: 2, before: newPlayerRating },
      { id: 3, place: 3, before: newPlayerRating },
      { id: 4, place: 3, before: newPlayerRating },
    ]);
    const r = (id: number) => after.get(id)!.rating;
    expect(r(1)).toBeGreaterThan(r(2));
    expect(r(2)).toBeGreaterThan(r(3));
    expect(r(3)).toBeCloseTo(r(4), 9);
    // Equal starting ratings: what the field gains and loses adds up to (almost exactly) nothing.
    expect(r(1) + r(2) + r(3) + r(4)).toBeCloseTo(6000, 3);
  });

  it('beating a much stronger player is worth more than beating a weaker one', () => {
    const strong = { rating: 1900, rd: 80, volatility: 0.06 };
    const weak = { rating: 1200, rd: 80, volatility: 0.06 };
    const me = { rating: 1500, rd: 80, volatility: 0.06 };
    expect(rate(me, [{ opponent: strong, score: 1 }]).rating - 1500).toBeGreaterThan(
      rate(me, [{ opponent: weak, score: 1 }]).rating - 1500,
    );
  });
});

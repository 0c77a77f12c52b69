/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation (how sure
 * we are of it) and a volatility. A finished game is one rating period for its players, read as
 * pairwise results between every two of them (better place 1, same place 0.5, worse 0), each
 * against the opponents' ratings from before the game.
 */

export interface Rating {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
}

export const newPlayerRating: Rating = { rating: 1500, rd: 350, volatility: 0.06 };

/** The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2). */
const tau = 0.5;
const scale = 173.7178;
const epsilon = 0.000001;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** A player's rating after one period against these opponents and scores (1, 0.5 or 0 each). */
export function rate(player: Rating, games: readonly { readonly opponent: Rating; readonly score: number }[]): Rating {
  const mu = (player.rating - 1500) / scale;
  const phi = player.rd / scale;
  if (games.length === 0) {
    // No games: only the deviation grows.
    return { ...player, rd: Math.min(350, Math.sqrt(phi * phi + player.volatility * player.volatility) * scale) };
  }
  let vInverse = 0;
  let deltaSum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / scale;
    const phiJ = opponent.rd / scale;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    deltaSum += g(phiJ) * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * deltaSum;

  // The new volatility: the root of f by the Illinois algorithm (step 5 of the paper).
  const a = Math.log(player.volatility ** 2);
  const f = (x: number) =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) upper = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  for (let i = 0; i < 100 && Math.abs(upper - lower) > epsilon; i++) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else fLower /= 2;
    upper = c;
    fUpper = fC;
  }
  const volatility = Math.exp(lower / 2);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * deltaSum;
  return { rating: muNew * scale + 1500, rd: phiNew * scale, volatility };
}

/** Everyone's rating after one game, from its finishing places (1 = first out; a shared place is a draw). */
export function rateGame<P>(players: readonly { readonly id: P; readonly place: number; readonly before: Rating }[]): Map<P, Rating> {
  const after = new Map<P, Rating>();
  for (const me of players) {
    const games = players
      .filter((other) => other !== me)
      .map((other) => ({ opponent: other.before, score: me.place < other.place ? 1 : me.place === other.place ? 0.5 : 0 }));
    after.set(me.id, rate(me.before, games));
  }
  return after;
}

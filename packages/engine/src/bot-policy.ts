// The `normal` bot's judgement, also the policy every player follows in the `hard` bot's
// simulated games. It reads only what a player can see: the own hand, the table, the trump (when
// shown) and the talon's size.
import { rankValue, type Card, type Suit } from './cards.js';
import type { Action, Rng } from './types.js';

/** What the policy looks at; built from a player's view, or from a simulated state. */
export interface Situation {
  readonly hand: readonly Card[];
  /** null while a secret trump is hidden. */
  readonly trump: Suit | null;
  readonly talonCount: number;
  readonly slots: readonly { readonly slot_id: number; readonly attack_card: Card; readonly defense_card: Card | null }[];
  readonly isDefender: boolean;
  readonly isTaking: boolean;
  readonly isCatchWindow: boolean;
}

/** A card's worth to its holder: trumps above every plain card, then by rank. */
export function worth(card: Card, trump: Suit | null): number {
  return rankValue(card.rank) + (card.suit === trump ? 20 : 0);
}

/** Early on a strong card is worth keeping; once the talon is gone every card must go. */
function isEndgame(situation: Situation): boolean {
  return situation.talonCount === 0;
}

/** A card move's cost to the player (lower is better), or null when the policy would not play it. */
function moveScore(situation: Situation, action: Action): number | null {
  if (situation.isCatchWindow) return null;
  if (action.type === 'attack')
    return situation.slots.length === 0 ? leadScore(situation, action.cards) : throwInScore(situation, action.cards[0]!);
  if (action.type === 'defence') return worth(action.card, situation.trump);
  // A plain low card passes the whole attack on: cheaper than beating it.
  if (action.type === 'transfer') return worth(action.card, situation.trump) - 3;
  return null;
}

/** Where take or beat goes among the card moves (best first). */
function withTakeOrBeat(
  situation: Situation,
  legal: readonly Action[],
  moves: Action[],
  take: Action | null,
  beat: Action | null,
): Action[] {
  if (situation.isCatchWindow) return beat === null ? [] : [beat];
  if (situation.isDefender) {
    if (take === null) return moves;
    if (isHopeless(situation, legal) || (moves.length > 0 && shouldTakeInstead(situation, moves[0]!))) return [take, ...moves];
    return [...moves, take];
  }
  if (beat !== null) moves.push(beat);
  return moves;
}

/**
 * The policy's move among `legal` (the viewer's honest actions, surrender excluded), or null
 * when it would rather wait. Ties are broken by `rng` so simulated games differ. One pass, no
 * sorting: the hard bot calls it for every move of every simulated game.
 */
export function policyAction(situation: Situation, legal: readonly Action[], rng: Rng): Action | null {
  let beat: Action | null = null;
  let take: Action | null = null;
  let best: Action | null = null;
  let bestScore = Infinity;
  let ties = 0;
  for (const action of legal) {
    if (action.type === 'beat') beat = action;
    else if (action.type === 'take') take = action;
    const score = moveScore(situation, action);
    if (score === null || score > bestScore) continue;
    if (score < bestScore) {
      best = action;
      bestScore = score;
      ties = 1;
    } else if (rng() * ++ties < 1) best = action; // each of the equals with the same chance
  }
  return withTakeOrBeat(situation, legal, best === null ? [] : [best], take, beat)[0] ?? null;
}

/**
 * Every move the policy would consider, best first: card moves by their cost to the player, with
 * take or beat where the policy places them. The `hard` bot searches the first few.
 */
export function rankedMoves(situation: Situation, legal: readonly Action[], rng: Rng): Action[] {
  let beat: Action | null = null;
  let take: Action | null = null;
  const scored: { action: Action; score: number; tie: number }[] = [];
  for (const action of legal) {
    if (action.type === 'beat') beat = action;
    else if (action.type === 'take') take = action;
    const score = moveScore(situation, action);
    if (score !== null) scored.push({ action: action, score, tie: rng() });
  }
  scored.sort((x, y) => x.score - y.score || x.tie - y.tie);
  return withTakeOrBeat(
    situation,
    legal,
    scored.map((x) => x.action),
    take,
    beat,
  );
}

/** Lower is better. Leads shed the cheapest rank; sets of a plain rank go out together. */
function leadScore(situation: Situation, cards: readonly Card[]): number {
  let total = 0;
  for (const c of cards) total += worth(c, situation.trump);
  const average = total / cards.length;
  const isPlain = cards.every((c) => c.suit !== situation.trump);
  // Leading several cards at once empties the hand faster; worth it for plain cards only, and only
  // once the trump is known. While a secret trump is hidden nobody defends with one, so a set of
  // several suits is rarely beaten: it goes round the table taken and taken again, and three bots
  // that never draw (every hand at six or more) passed the same sets round for ever.
  return average - (isPlain && situation.trump !== null ? (cards.length - 1) * 2.5 : 0);
}

/**
 * Throw in every plain card the rules allow (measured: pressing the defender wins more games than
 * saving high plain cards); trumps only once the talon is gone and every card must go anyway.
 */
function throwInScore(situation: Situation, card: Card): number | null {
  if (!situation.isTaking && situation.slots.some((x) => x.defense_card === null)) return null; // let the defender answer first
  return card.suit !== situation.trump || isEndgame(situation) ? worth(card, situation.trump) : null;
}

/** Taking is better than spending a high trump on a cheap card while many cards are still to come. */
function shouldTakeInstead(situation: Situation, move: Action): boolean {
  if (move.type !== 'defence' || situation.trump === null || move.card.suit !== situation.trump) return false;
  if (isEndgame(situation) || situation.talonCount < 6) return false;
  const slot = situation.slots.find((x) => x.defense_card === null);
  const isCheapAttack = slot !== undefined && slot.attack_card.suit !== situation.trump && rankValue(slot.attack_card.rank) <= 10;
  return isCheapAttack && rankValue(move.card.rank) >= 12;
}

/** Some unbeaten card cannot be beaten: beating the others would only give the attackers ranks to throw in. */
function isHopeless(situation: Situation, legal: readonly Action[]): boolean {
  for (const slot of situation.slots) {
    if (slot.defense_card !== null) continue;
    if (!legal.some((a) => a.type === 'defence' && a.slot_id === slot.slot_id)) return true;
  }
  return false;
}

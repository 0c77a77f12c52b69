import { policyAction, rankedMoves } from './bot-policy.js';
import { searchAction } from './bot-search.js';
import { cardWeight, type Suit } from './cards.js';
import { legalActions } from './legal.js';
import type { Action, GameView, Rng } from './types.js';

export type BotLevel = 'easy' | 'normal' | 'hard';

export interface BotOptions {
  readonly level: BotLevel;
  /** The same view, level and seed always give the same action. */
  readonly seed: string | number;
}

/**
 * A game this many steps long is passing the same cards round: bots that always choose alike can
 * take and give the same sets for ever (found with a secret trump that never shows, and at tables
 * with transfers and cheating). From here every level plays one of its safe moves at random, which
 * ends such a deal; an ordinary game is over in a few hundred steps.
 */
export const LONG_GAME_STEPS = 1_500;

/**
 * The computer opponent. Reads only `view` (what `viewFor(state, player)` gives that player) and
 * returns one of that player's legal actions, or null when it is not this player's decision now
 * (another player must act first). Never cheats, catches or surrenders.
 * - `easy`: the cheapest card that works (`simpleBotAction`);
 * - `normal`: a heuristic that keeps trumps and high cards while the talon lasts, sheds cheap
 *   ranks in sets and takes rather than spend a high trump early;
 * - `hard`: information-set Monte Carlo: each candidate is played forward to the end in many
 *   worlds consistent with the view, everyone following `normal`.
 *
 * The older form `chooseAction(view, legal, rng)` is the easy bot over a given list.
 */
export function chooseAction(view: GameView, options: BotOptions): Action | null;
export function chooseAction(view: GameView, legal: readonly Action[], rng: Rng): Action | null;
export function chooseAction(view: GameView, second: BotOptions | readonly Action[], rng?: Rng): Action | null {
  if (isActionList(second)) return simpleBotAction(view, second, rng ?? (() => 0));
  const { level, seed } = second;
  const random = seededRng(`${level}:${seed}:${view.seq}`);
  if (view.viewer === null || view.phase === 'finished') return null;
  const legal = safeActions(view, legalActions(view, view.viewer));
  if (legal.length === 0) return null;
  const isOurDecision =
    view.phase === 'catch_window' || view.round.slots.length === 0 || legal.some((a) => a.type === 'beat' || a.type === 'take');
  if (view.seq >= LONG_GAME_STEPS && (level === 'easy' || isOurDecision)) return legal[Math.floor(random() * legal.length)]!;
  if (level === 'easy') return simpleBotAction(view, legal, random);
  if (!isOurDecision) return null;
  if (level === 'normal') return policyAction(situationOfView(view), legal, random);
  return searchAction(view, rankedMoves(situationOfView(view), legal, random), random);
}

function isActionList(value: BotOptions | readonly Action[]): value is readonly Action[] {
  return Array.isArray(value);
}

/**
 * The honest actions a bot may choose. Before a secret trump shows, the view lists every defence
 * that *might* beat; only a higher card of the attack's suit surely does, so only those stay.
 */
function safeActions(view: GameView, legal: readonly Action[]): Action[] {
  return legal.filter((a) => {
    if (a.type === 'surrender' || a.type === 'catch') return false;
    if (a.type !== 'defence' || view.trump_suit !== null) return true;
    const slot = view.round.slots.find((s) => s.slot_id === a.slot_id)!;
    return slot.attack_card.suit === a.card.suit;
  });
}

function situationOfView(view: GameView) {
  const defender = view.turn.current_defender_user_id;
  return {
    hand: view.hand,
    trump: view.trump_suit,
    talonCount: view.talon_count,
    slots: view.round.slots,
    isDefender: view.viewer === defender,
    isTaking: view.round.player_status[defender] === 'take',
    isCatchWindow: view.phase === 'catch_window',
  };
}

/** A deterministic random stream from any seed text (FNV-1a, then xorshift32). */
export function seededRng(seed: string): Rng {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
  let state = hash | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/**
 * The easy bot: plays the cheapest card that works (non-trumps before trumps, low before high),
 * takes when it cannot beat, says beat when nothing sensible is left. Never cheats, catches or
 * surrenders. `rng` breaks ties between equally cheap moves.
 */
export function simpleBotAction(view: GameView, legal: readonly Action[], rng: Rng): Action | null {
  if (legal.length === 0) return null;
  const trump: Suit | null = view.trump_suit;
  const weight = (action: Action): number => {
    if (action.type === 'attack')
      return action.cards.reduce((sum, c) => sum + cardWeight(c, trump ?? 'clubs'), 0) / action.cards.length - action.cards.length * 0.1;
    if (action.type === 'defence' || action.type === 'transfer')
      return cardWeight(action.card, trump ?? 'clubs') + (action.type === 'transfer' ? 0.5 : 0);
    return Infinity;
  };
  const pick = (candidates: readonly Action[]): Action | null => {
    if (candidates.length === 0) return null;
    let best: Action[] = [];
    let bestWeight = Infinity;
    for (const candidate of candidates) {
      const candidateWeight = weight(candidate);
      if (candidateWeight < bestWeight) {
        best = [candidate];
        bestWeight = candidateWeight;
      } else if (candidateWeight === bestWeight) best.push(candidate);
    }
    return best[Math.floor(rng() * best.length)] ?? null;
  };
  const of = (type: Action['type']): Action[] => legal.filter((a) => a.type === type);
  if (view.phase === 'catch_window') return of('beat')[0] ?? null;
  const isLead = view.round.slots.length === 0;
  if (isLead) return pick(of('attack'));
  if (view.turn.current_defender_user_id === view.viewer) {
    return pick(of('defence')) ?? pick(of('transfer')) ?? of('take')[0] ?? of('beat')[0] ?? null;
  }
  // A throw-in with a trump or a high card helps the defender less than it costs the bot.
  const cheapThrowIns = of('attack').filter((a) => a.type === 'attack' && a.cards.every((c) => c.suit !== trump && c.rank !== 'A'));
  return pick(cheapThrowIns) ?? of('beat')[0] ?? null;
}

// The `hard` bot: information-set Monte Carlo. Every candidate move is played forward in the same
// sampled worlds (the unseen cards dealt at random, see bot-world.ts) to the end of the game,
// everyone following the `normal` policy; the move with the best average result is chosen.
import { applyAction } from './apply.js';
import { policyAction, type Situation } from './bot-policy.js';
import { sampleWorld } from './bot-world.js';
import { legalActions } from './legal.js';
import { awaited } from './timeout.js';
import type { Action, GameState, GameView, Rng } from './types.js';

/** Simulated games per decision, shared among the candidates: a fixed number, so a seed decides. */
const PLAYOUTS_PER_DECISION = 480;
/** Only the policy's best few moves are searched: more would leave too few games to tell them apart. */
const MAX_CANDIDATES = 3;
/**
 * The policy's own choice keeps its place unless another move wins this much more often: the
 * averages of a few hundred games differ by chance by about that much.
 */
const POLICY_PREFERENCE = 0.03;
/** A simulated game longer than this is scored as even (only a loop of bad luck gets here). */
const MAX_PLAYOUT_ACTIONS = 600;

const TIMEOUT: Action = { type: 'timeout' };

export function situationOf(state: GameState, seat: number): Situation {
  return {
    hand: state.hands[seat]!,
    trump: state.trump_card.suit,
    talonCount: state.talon.length,
    slots: state.slots,
    isDefender: seat === state.defender,
    isTaking: state.is_taking,
    isCatchWindow: state.phase === 'catch_window',
  };
}

function honest(legal: readonly Action[]): Action[] {
  return legal.filter((a) => a.type !== 'surrender' && a.type !== 'catch');
}

/** Plays a simulated game to its end; the seat's result: 1 won, 0.5 drawn (or undecided), 0 lost. */
function playOut(start: GameState, seat: number, rng: Rng): number {
  let state = start;
  for (let n = 0; state.phase !== 'finished'; n++) {
    if (n === MAX_PLAYOUT_ACTIONS) return 0.5;
    const actor = awaited(state).players[0];
    let action: Action | null = null;
    if (actor !== undefined) {
      const actorSeat = state.players.indexOf(actor);
      action = policyAction(situationOf(state, actorSeat), honest(legalActions(state, actor)), rng);
    }
    const result = applyAction(state, action ?? TIMEOUT);
    if (!result.ok) return 0.5;
    state = result.state;
  }
  const r = state.results[seat];
  return r === 'victory' ? 1 : r === 'draw' ? 0.5 : 0;
}

/**
 * The best of the policy's first few moves (`ranked`, best first) by its average result over
 * sampled worlds; the policy's first choice wins ties and near-ties.
 */
export function searchAction(view: GameView, ranked: readonly Action[], rng: Rng): Action {
  const candidates = ranked.slice(0, MAX_CANDIDATES);
  if (candidates.length === 1) return candidates[0]!;
  const seat = view.players.indexOf(view.viewer!);
  const worlds = Math.ceil(PLAYOUTS_PER_DECISION / candidates.length);
  const totals = candidates.map(() => 0);
  for (let w = 0; w < worlds; w++) {
    const world = sampleWorld(view, rng);
    for (let i = 0; i < candidates.length; i++) {
      const next = applyAction(world, candidates[i]!);
      // A move the sampled world refuses cannot be judged there; it scores as a loss.
      if (next.ok) totals[i]! += playOut(next.state, seat, rng);
    }
  }
  totals[0]! += POLICY_PREFERENCE * worlds;
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i]! > totals[best]!) best = i;
  return candidates[best]!;
}

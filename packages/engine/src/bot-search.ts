// The `hard` bot: information-set Monte Carlo. Every candidate move is played forward in the same
// sampled worlds (the unseen cards dealt at random, see bot-world.ts) to the end of the game,
// everyone following the `normal` policy, on the compact core (sim.ts); the move with the best
// average result is chosen.
import { sampleWorld } from './bot-world.js';
import { simOf } from './sim.js';
import { playOut, simulateAction } from './sim-playout.js';
import type { Action, GameView, Rng } from './types.js';

/**
 * Simulated games per decision between two players, shared among the candidates: a fixed number,
 * never a time budget, so a seed decides. With more players a game is longer; the number shrinks
 * in proportion so a decision takes about as long.
 */
const PLAYOUTS_PER_DECISION = 3000;
/**
 * Only the policy's best few moves are searched (measured against the lowest-card player over 150
 * games: 3 moves 66%, 5 moves 72%, 8 moves 74%, 12 moves 74%).
 */
const MAX_CANDIDATES = 8;
/**
 * The policy's own choice keeps its place unless another move wins this much more often, so
 * chance differences between near-equal moves do not override it.
 */
const POLICY_PREFERENCE = 0.005;

/**
 * The best of the policy's first few moves (`ranked`, best first) by its average result over
 * sampled worlds; the policy's first choice wins ties and near-ties.
 */
export function searchAction(view: GameView, ranked: readonly Action[], rng: Rng): Action {
  const candidates = ranked.slice(0, MAX_CANDIDATES);
  if (candidates.length === 1) return candidates[0]!;
  const seat = view.players.indexOf(view.viewer!);
  const worlds = Math.ceil((PLAYOUTS_PER_DECISION * 2) / view.players.length / candidates.length);
  const totals = candidates.map(() => 0);
  for (let w = 0; w < worlds; w++) {
    const world = sampleWorld(view, rng);
    const start = simOf(world);
    const slotIndex = (slotId: number): number => world.slots.findIndex((s) => s.slot_id === slotId);
    for (let i = 0; i < candidates.length; i++) {
      const sim = start.clone();
      simulateAction(sim, seat, candidates[i]!, slotIndex);
      totals[i]! += playOut(sim, seat, rng);
    }
  }
  totals[0]! += POLICY_PREFERENCE * worlds;
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i]! > totals[best]!) best = i;
  return candidates[best]!;
}

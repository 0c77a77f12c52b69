// legalActions is the hot path and builds its lists with its own loops; here a deliberately
// naive reference (try every candidate action with applyAction, keep the honest ones it accepts)
// must give the same set, from the state and from the player's own view, over random playouts.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyAction } from './apply.js';
import type { Card } from './cards.js';
import { createGame } from './create-game.js';
import { legalActions } from './legal.js';
import { optionsArb } from './test-arbitraries.js';
import type { Action, GameState, PlayerId } from './types.js';
import { viewFor } from './view.js';

function cheatCount(state: GameState): number {
  let n = 0;
  for (const slot of state.slots) n += (slot.is_attack_cheat ? 1 : 0) + (slot.is_defense_cheat ? 1 : 0);
  return n;
}

/** Every non-empty subset of `cards` whose cards share one rank. */
function sameRankSets(cards: readonly Card[]): Card[][] {
  const sets: Card[][] = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    const set = cards.filter((_, i) => (mask & (1 << i)) !== 0);
    if (set.every((c) => c.rank === set[0]!.rank)) sets.push(set);
  }
  return sets;
}

/** The reference: every candidate applyAction accepts without a cheat (leads as sets, throw-ins one card at a time). */
function referenceLegal(state: GameState, player: PlayerId): Action[] {
  const seat = state.players.indexOf(player);
  const hand = state.hands[seat]!;
  const candidates: Action[] = [];
  const attacks = state.slots.length === 0 ? sameRankSets(hand) : hand.map((c) => [c]);
  for (const cards of attacks) candidates.push({ type: 'attack', player, cards });
  for (const slot of state.slots) for (const card of hand) candidates.push({ type: 'defence', player, slot_id: slot.slot_id, card });
  for (const card of hand) candidates.push({ type: 'transfer', player, card });
  candidates.push({ type: 'take', player }, { type: 'beat', player });
  for (const slot of state.slots) candidates.push({ type: 'catch', player, slot_id: slot.slot_id });
  candidates.push({ type: 'surrender', player });
  return candidates.filter((a) => {
    const result = applyAction(state, a);
    if (!result.ok) return false;
    const isCheatable = a.type === 'attack' || a.type === 'defence' || a.type === 'transfer';
    // A cheat leaves a flagged card on the table (cheating rooms keep the table until the catch window closes).
    return !isCheatable || !state.options.is_cheating_allowed || cheatCount(result.state) <= cheatCount(state);
  });
}

const sorted = (actions: readonly Action[]): string[] => actions.map((a) => JSON.stringify(a)).sort();

describe('legalActions against a naive reference', () => {
  test('lists exactly the honest actions applyAction accepts, from the state, from the view and after a JSON round trip', () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 0, max: 1e9 }), fc.integer(), (options, seedNumber, rngSeed) => {
        const players = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].slice(0, options.player_count);
        const created = createGame(options, players, { seed: `reference-${seedNumber}` });
        if (!created.ok) throw new Error(created.error.message);
        let s = rngSeed | 0 || 1;
        const rng = (): number => {
          s ^= s << 13;
          s ^= s >>> 17;
          s ^= s << 5;
          return (s >>> 0) / 0x100000000;
        };
        let state = created.state;
        for (let n = 0; state.phase !== 'finished'; n++) {
          expect(n).toBeLessThan(3000);
          const stored = JSON.parse(JSON.stringify(state)) as GameState;
          let chosen: Action | null = null;
          for (const player of players) {
            const legal = legalActions(state, player);
            expect(sorted(legal), `${player} at action ${n}`).toEqual(sorted(referenceLegal(state, player)));
            expect(legalActions(stored, player)).toEqual(legal);
            const view = viewFor(state, player);
            if (view.trump_suit !== null) expect(sorted(legalActions(view, player))).toEqual(sorted(legal));
            const playable = legal.filter((a) => a.type !== 'surrender' || rng() > 0.99);
            if (chosen === null && playable.length > 0 && rng() < 0.7) chosen = playable[Math.floor(rng() * playable.length)]!;
          }
          const result = applyAction(state, chosen ?? { type: 'timeout' });
          if (!result.ok) throw new Error(result.error.code);
          state = result.state;
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

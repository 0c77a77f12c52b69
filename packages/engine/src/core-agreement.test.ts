// The engine against its own past: src/reference is the engine as it was before the fast paths
// (kept verbatim, test-only). The same random games, cheats and refused probes go through both;
// every legal list (from the state and from each player's view), every result (state, events or
// refusal) and every timer answer must be the same JSON.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyAction } from './apply.js';
import { createGame } from './create-game.js';
import { legalActions } from './legal.js';
import type { GameOptions } from './options.js';
import * as reference from './reference/index.js';
import { awaited } from './timeout.js';
import type { Action, GameState } from './types.js';
import { viewFor } from './view.js';

const optionsArb: fc.Arbitrary<GameOptions> = fc
  .record({
    deck_size: fc.constantFrom(24 as const, 36 as const),
    player_count: fc.integer({ min: 2, max: 6 }),
    is_transfer_allowed: fc.boolean(),
    card_transfer_permission: fc.constantFrom('ALL_PLAYERS' as const, 'NEIGHBORS_ONLY' as const),
    is_draw_allowed: fc.boolean(),
    is_death_match_allowed: fc.boolean(),
    secret_trump_mode: fc.boolean(),
    is_cheating_allowed: fc.boolean(),
  })
  .map((o) => ({ ...o, is_speed_mode: false, is_classic_mode_allowed: !o.is_death_match_allowed, player_count: o.deck_size === 24 ? Math.min(o.player_count, 4) : o.player_count }));

function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

/** Any card move by anyone: mostly refused or a cheat, which both engines must judge alike. */
function probe(state: GameState, rng: () => number): Action {
  const player = state.players[Math.floor(rng() * state.players.length)]!;
  const hand = state.hands[state.players.indexOf(player)]!;
  const c = hand[Math.floor(rng() * hand.length)] ?? state.trump_card;
  const slotId = state.slots[Math.floor(rng() * state.slots.length)]?.slot_id ?? 1;
  const kinds: Action[] = [
    { type: 'attack', player, cards: [c] },
    { type: 'defence', player, slot_id: slotId, card: c },
    { type: 'transfer', player, card: c },
    { type: 'beat', player },
    { type: 'take', player },
    { type: 'catch', player, slot_id: slotId },
  ];
  return kinds[Math.floor(rng() * kinds.length)]!;
}

const same = (a: unknown, b: unknown): void => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

describe('the engine agrees with the reference engine', () => {
  test('on legal actions, results, refusals and timers over random games of every variant', () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 0, max: 1_000_000 }), (options, n) => {
        const players = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].slice(0, options.player_count);
        const created = createGame(options, players, { seed: `agree-${n}` });
        same(created, reference.createGame(options, players, { seed: `agree-${n}` }));
        if (!created.ok) return;
        const rng = xorshift(n + 1);
        let state = created.state;
        for (let step = 0; state.phase !== 'finished'; step++) {
          expect(step).toBeLessThan(3000);
          // Now and then from the state as the server stores it (JSONB).
          if (step % 5 === 2) state = JSON.parse(JSON.stringify(state)) as GameState;
          same(awaited(state), reference.awaited(state));
          let chosen: Action | null = null;
          for (const player of players) {
            const legal = legalActions(state, player);
            same(legal, reference.legalActions(state, player));
            same(legalActions(viewFor(state, player), player), reference.legalActions(reference.viewFor(state, player), player));
            const playable = legal.filter((a) => a.type !== 'surrender' || rng() > 0.99);
            if (chosen === null && playable.length > 0 && rng() < 0.7) chosen = playable[Math.floor(rng() * playable.length)]!;
          }
          const tried = probe(state, rng);
          same(applyAction(state, tried), reference.applyAction(state, tried));
          if (chosen === null && options.is_cheating_allowed && applyAction(state, tried).ok) chosen = tried;
          const action = chosen ?? { type: 'timeout' };
          const result = applyAction(state, action);
          same(result, reference.applyAction(state, action));
          if (!result.ok) throw new Error(result.error.code);
          state = result.state;
        }
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});

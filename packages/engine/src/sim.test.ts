// The compact core the hard bot simulates on must follow the engine's rules: the same random
// honest games are played through both, and after every action the simulation must equal the
// engine's state read into a fresh simulation (hands, talon, table, turn, results).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyAction } from './apply.js';
import { createGame } from './create-game.js';
import { legalActions } from './legal.js';
import type { GameOptions } from './options.js';
import { simOf, type Sim } from './sim.js';
import { playOut, simulateAction } from './sim-playout.js';
import { optionsArb } from './test-arbitraries.js';
import { awaited } from './timeout.js';
import type { Action, GameState } from './types.js';

function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

function snapshot(sim: Sim) {
  return {
    hands: [...sim.hands],
    counts: [...sim.counts],
    talon: [...sim.talon.slice(sim.talonNext)],
    table: Array.from({ length: sim.slotCount }, (_, i) => [sim.slotAttack[i], sim.slotDefence[i]]),
    tableRanks: sim.tableRanks,
    unbeaten: sim.unbeaten,
    attacker: sim.attacker,
    defender: sim.defender,
    isTaking: sim.isTaking,
    passedMask: sim.passedMask,
    isFirstDiscardDone: sim.isFirstDiscardDone,
    results: [...sim.results],
    isFinished: sim.isFinished,
  };
}

function newGame(options: GameOptions, seed: string): GameState {
  const created = createGame(options, ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].slice(0, options.player_count), { seed });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

describe('simulation core', () => {
  test('follows the engine action by action over random honest games of every variant', () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 0, max: 1_000_000 }), (options, n) => {
        const rng = xorshift(n + 1);
        let state = newGame(options, `sim-${n}`);
        const sim = simOf(state);
        while (state.phase !== 'finished') {
          const player = awaited(state).players[0];
          let action: Action = { type: 'timeout' };
          if (player !== undefined) {
            const legal = legalActions(state, player).filter((a) => a.type !== 'surrender' && a.type !== 'catch');
            action = legal[Math.floor(rng() * legal.length)]!;
          }
          // An open catch window is already closed in the simulation (nobody cheats there).
          if (state.phase === 'play' && player !== undefined) {
            simulateAction(sim, state.players.indexOf(player), action, (id) => state.slots.findIndex((s) => s.slot_id === id));
          }
          const result = applyAction(state, action);
          if (!result.ok) throw new Error(result.error.code);
          state = result.state;
          if (state.phase !== 'catch_window') expect(snapshot(sim)).toEqual(snapshot(simOf(state)));
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  test('a simulated game from any deal ends with a result for the seat asked', () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 0, max: 1_000_000 }), (options, n) => {
        const sim = simOf(newGame(options, `end-${n}`));
        const score = playOut(sim, 0, xorshift(n + 7));
        expect([0, 0.5, 1]).toContain(score);
        expect(sim.isFinished).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

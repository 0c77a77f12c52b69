// Property: over random games of every option, whatever seats the computer plays, each of its
// moves is one the engine takes from that player, never a surrender, and the game ends.
import {
  applyAction,
  awaited,
  createGame,
  legalActions,
  simpleBotAction,
  viewFor,
  type Action,
  type GameOptions,
  type GameState,
} from '@durak/engine';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { standInMove } from './stand-in.js';

const optionsArb: fc.Arbitrary<GameOptions> = fc
  .record({
    deck_size: fc.constantFrom(24 as const, 36 as const, 52 as const),
    player_count: fc.integer({ min: 2, max: 4 }),
    is_transfer_allowed: fc.boolean(),
    card_transfer_permission: fc.constantFrom('ALL_PLAYERS' as const, 'NEIGHBORS_ONLY' as const),
    is_draw_allowed: fc.boolean(),
    is_death_match_allowed: fc.boolean(),
    secret_trump_mode: fc.boolean(),
    is_cheating_allowed: fc.boolean(),
    is_speed_mode: fc.boolean(),
    is_team_mode: fc.boolean(),
  })
  // Two against two (FEATURES.md §16) only at four seats.
  .map((o) => ({ ...o, is_classic_mode_allowed: !o.is_death_match_allowed, is_team_mode: o.is_team_mode && o.player_count === 4 }));

const seedArb = fc
  .array(fc.integer({ min: 0, max: 15 }), { minLength: 16, maxLength: 16 })
  .map((digits) => digits.map((d) => d.toString(16)).join(''));

const sameAction = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

describe('the stand-in', () => {
  test('every move it makes is legal for the player it plays, and games where it plays end', () => {
    fc.assert(
      fc.property(
        optionsArb,
        seedArb,
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        fc.integer(),
        (options, seed, isStoodIn, rngSeed) => {
          const players = Array.from({ length: options.player_count }, (_, i) => `p${i}`);
          const created = createGame(options, players, { seed });
          expect(created.ok).toBe(true);
          if (!created.ok) return;
          let state: GameState = created.state;
          let s = rngSeed | 0 || 1;
          const random = () => {
            s ^= s << 13;
            s ^= s >>> 17;
            s ^= s << 5;
            return (s >>> 0) / 2 ** 32;
          };
          for (let step = 0; step < 2000 && state.phase !== 'finished'; step++) {
            const waiting = awaited(state);
            if (waiting.on_timeout === 'close_catch_window') {
              state = (applyAction(state, { type: 'timeout' }) as { ok: true; state: GameState }).state;
              continue;
            }
            const player = waiting.players[0]!;
            let action: Action | null;
            if (isStoodIn[players.indexOf(player)]) {
              action = standInMove(state, player);
              expect(action).not.toBeNull();
              expect(action!.type).not.toBe('surrender');
              expect((action as { player?: string }).player).toBe(player);
              // Outside secret trump the player's own view knows every rule: the move is among its legal actions.
              if (!options.secret_trump_mode)
                expect(legalActions(viewFor(state, player), player).some((a) => sameAction(a, action!))).toBe(true);
            } else {
              const legal = legalActions(viewFor(state, player), player).filter((a) => a.type !== 'surrender' && applyAction(state, a).ok);
              action = simpleBotAction(viewFor(state, player), legal, random);
            }
            const applied = applyAction(state, action!);
            expect(applied.ok).toBe(true);
            if (!applied.ok) return;
            state = applied.state;
          }
          expect(state.phase).toBe('finished');
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

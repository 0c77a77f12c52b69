// The computer opponent at every level: reads only the player's view, always answers with one of
// that player's legal actions, and gives the same answer for the same view and seed.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyAction } from './apply.js';
import { chooseAction, LONG_GAME_STEPS, type BotLevel } from './bot.js';
import { cardCode } from './cards.js';
import { createGame } from './create-game.js';
import { legalActions } from './legal.js';
import { DEFAULT_OPTIONS, type GameOptions } from './options.js';
import { optionsArb } from './test-arbitraries.js';
import { attack, position } from './test-position.js';
import { awaited } from './timeout.js';
import type { Action, GameState } from './types.js';
import { viewFor } from './view.js';

const LEVELS: readonly BotLevel[] = ['easy', 'normal', 'hard'];

const key = (a: Action): string => JSON.stringify(a);

/** Plays a whole game with bots of the given levels on every seat; checks every answer on the way. */
function botGame(options: GameOptions, seed: string, levels: readonly BotLevel[]): GameState {
  const players = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].slice(0, options.player_count);
  const created = createGame(options, players, { seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (let n = 0; state.phase !== 'finished'; n++) {
    expect(n).toBeLessThan(3000);
    const player = awaited(state).players[0];
    let action: Action = { type: 'timeout' };
    if (player !== undefined) {
      const seat = players.indexOf(player);
      const chosen = chooseAction(viewFor(state, player), { level: levels[seat % levels.length]!, seed: `${seed}:${seat}` });
      expect(chosen, `${levels[seat % levels.length]} bot had no answer for ${player}`).not.toBeNull();
      expect(legalActions(state, player).map(key)).toContain(key(chosen!));
      action = chosen!;
    }
    const result = applyAction(state, action);
    if (!result.ok) throw new Error(`refused ${key(action)}: ${result.error.code}`);
    state = result.state;
  }
  return state;
}

describe('computer opponent', () => {
  test('every level answers every awaited decision with a legal action, in every variant', () => {
    fc.assert(
      fc.property(
        optionsArb,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(...LEVELS),
        fc.constantFrom(...LEVELS),
        (options, n, a, b) => {
          const state = botGame(options, `levels-${n}`, [a, b]);
          expect(state.results.every((r) => r !== null)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  test('three normal bots under a hidden secret trump finish the deal where they once passed the same sets round for ever', () => {
    // Found by the property above (CI, 2026-11-28): every lead a set of tens or queens of several
    // suits, always taken, every hand at six or more so nobody drew and the trump stayed hidden.
    const options: GameOptions = { ...DEFAULT_OPTIONS, player_count: 3, secret_trump_mode: true, is_transfer_allowed: false };
    const state = botGame(options, 'levels-949182', ['normal', 'normal']);
    expect(state.results.every((r) => r !== null)).toBe(true);
  });

  test('a deal the bots would pass round for ever ends once the game is LONG_GAME_STEPS long', () => {
    // Two normal bots with transfers and cheating allowed gave and took the same cards for ever
    // (20,000 random bot games: 2 to 3 of them), the talon stuck at six.
    const options: GameOptions = {
      ...DEFAULT_OPTIONS,
      is_transfer_allowed: true,
      card_transfer_permission: 'NEIGHBORS_ONLY',
      is_cheating_allowed: true,
      is_speed_mode: true,
      is_legacy_seat_order: true,
    };
    const state = botGame(options, 's-1000000', ['normal', 'normal']);
    expect(state.seq).toBeGreaterThan(LONG_GAME_STEPS);
    expect(state.results.every((r) => r !== null)).toBe(true);
  });

  test('the same view and seed give the same action; another seed may differ but stays legal', () => {
    const created = createGame(DEFAULT_OPTIONS, ['ann', 'bob'], { seed: 'same' });
    if (!created.ok) throw new Error(created.error.message);
    const player = awaited(created.state).players[0]!;
    const view = viewFor(created.state, player);
    for (const level of LEVELS) {
      const first = chooseAction(view, { level, seed: 7 });
      expect(chooseAction(view, { level, seed: 7 })).toEqual(first);
      expect(legalActions(created.state, player).map(key)).toContain(key(chooseAction(view, { level, seed: 8 })!));
    }
  });

  test('the bot reads only the view: two deals that look the same to it get the same answer', () => {
    // Ann sees her hand, the table, the trump card and the counts; bob's hand and the talon
    // order differ between the two deals (the same cards, swapped between them).
    const seen = { hands: ['7S QH 8D 6C 9C 10C', ''], table: [] as [string][] };
    const one = position({ ...seen, hands: [seen.hands[0]!, 'JS JD KH AH 6D 7D'], talon: 'KS KD 6H 7H 9S 8S' });
    const two = position({ ...seen, hands: [seen.hands[0]!, 'KS KD 6H 7H 9S 7D'], talon: 'JS JD KH AH 6D 8S' });
    expect(viewFor(one, 'ann')).toEqual(viewFor(two, 'ann'));
    for (const level of LEVELS) {
      expect(chooseAction(viewFor(one, 'ann'), { level, seed: 'x' })).toEqual(chooseAction(viewFor(two, 'ann'), { level, seed: 'x' }));
    }
    // The same holds for the defender facing a card.
    const bobOne = applyAction(position({ hands: ['7S QH 8D', 'JS 8H KH AH 6D 7D'], talon: 'KS KD 6H 7H 9S 8S' }), attack('ann', '7S'));
    const bobTwo = applyAction(position({ hands: ['7S QH 9S', 'JS 8H KH AH 6D 7D'], talon: 'KS KD 6H 7H 8D 8S' }), attack('ann', '7S'));
    if (!bobOne.ok || !bobTwo.ok) throw new Error('refused');
    expect(viewFor(bobOne.state, 'bob')).toEqual(viewFor(bobTwo.state, 'bob'));
    for (const level of LEVELS) {
      expect(chooseAction(viewFor(bobOne.state, 'bob'), { level, seed: 3 })).toEqual(
        chooseAction(viewFor(bobTwo.state, 'bob'), { level, seed: 3 }),
      );
    }
  });

  test('with a secret trump still hidden, a defence is only ever a higher card of the same suit', () => {
    const state = applyAction(
      position({ options: { secret_trump_mode: true }, hands: ['9H 6C', '6S 10H KC 7D'], talon: '9C 9D 6D' }),
      attack('ann', '9H'),
    );
    if (!state.ok) throw new Error('refused');
    expect(viewFor(state.state, 'bob').trump_suit).toBeNull();
    for (const level of LEVELS) {
      const chosen = chooseAction(viewFor(state.state, 'bob'), { level, seed: 1 });
      if (chosen?.type === 'defence') expect(cardCode(chosen.card)).toBe('10H');
      else expect(chosen?.type).toBe('take');
    }
  });

  test('a player with nothing to decide gets no action: an attacker waits while the defender answers', () => {
    const state = applyAction(position({ hands: ['9H 9C 6C', '6S 10H KC'], talon: '7C 7D 6D' }), attack('ann', '9H'));
    if (!state.ok) throw new Error('refused');
    for (const level of ['normal', 'hard'] as const) expect(chooseAction(viewFor(state.state, 'ann'), { level, seed: 1 })).toBeNull();
  });
});

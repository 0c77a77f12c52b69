import { describe, expect, test } from 'vitest';
import { hand } from './cards.js';
import { legalActions } from './legal.js';
import { attack, defend, play, position, take } from './test-position.js';
import type { Action } from './types.js';
import { viewFor } from './view.js';

const TALON = '9C 9D 10C 10D JC JD 6S';
const kinds = (actions: readonly Action[]) => actions.map((a) => a.type);

describe('legal actions', () => {
  test('the lead attacker may open with any single card or any set of one rank', () => {
    const state = position({ hands: ['6H 6D 9C', '7D 8D 9D 10H JH QS'], talon: TALON });
    const leads = legalActions(state, 'ann').filter((a) => a.type === 'attack');
    expect(leads).toHaveLength(4); // 6H, 6D, 6H+6D, 9C
    expect(leads).toContainEqual({ type: 'attack', player: 'ann', cards: hand('6H 6D') });
    expect(kinds(legalActions(state, 'bob'))).toEqual(['surrender']);
  });

  test('the defender may beat, transfer or take; the attacker may throw in a matching rank', () => {
    const state = position({
      options: { is_transfer_allowed: true },
      hands: ['6D 9C 7S', '6C 7H 9S QD 8C 8D'],
      talon: TALON,
      table: [['6H']],
    });
    expect(legalActions(state, 'bob')).toEqual([
      { type: 'defence', player: 'bob', slot_id: 1, card: { suit: 'hearts', rank: '7' } },
      { type: 'defence', player: 'bob', slot_id: 1, card: { suit: 'spades', rank: '9' } },
      { type: 'transfer', player: 'bob', card: { suit: 'clubs', rank: '6' } },
      { type: 'take', player: 'bob' },
      { type: 'surrender', player: 'bob' },
    ]);
    expect(legalActions(state, 'ann')).toEqual([
      { type: 'attack', player: 'ann', cards: hand('6D') },
      { type: 'surrender', player: 'ann' },
    ]);
  });

  test("a player's own view gives the same answer as the full state", () => {
    const start = position({ hands: ['6H 6D 9C 7S', '7H 9S QD 8C 8D', 'AH 6C 10D'], talon: TALON });
    const { state } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), attack('ann', '6D'), take('bob'));
    for (const player of ['ann', 'bob', 'cat']) {
      expect(legalActions(viewFor(state, player), player)).toEqual(legalActions(state, player));
    }
  });

  test("someone else's view lists nothing for you", () => {
    const state = position({ hands: ['6H', '7H'], talon: TALON });
    expect(legalActions(viewFor(state, 'bob'), 'ann')).toEqual([]);
    expect(legalActions(viewFor(state, null), 'ann')).toEqual([]);
  });

  test('secret trump: before the reveal a view lists every defence that might beat', () => {
    const state = position({ options: { secret_trump_mode: true }, hands: ['6C', '7H AD 9S'], talon: '9C JS', table: [['6H']] });
    const fromState = legalActions(state, 'bob').filter((a) => a.type === 'defence');
    const fromView = legalActions(viewFor(state, 'bob'), 'bob').filter((a) => a.type === 'defence');
    expect(fromState).toHaveLength(2); // 7H and the (hidden) trump 9S
    expect(fromView).toHaveLength(3); // AD might be the trump as far as bob knows
  });
});

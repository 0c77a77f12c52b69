import { describe, expect, test } from 'vitest';
import { attack, beat, defend, play, position, take } from './test-position.js';
import { awaited } from './timeout.js';

const TALON = '9C 9D 10C 10D JC JD 6S';

describe('whose decision the table waits for', () => {
  const start = position({ hands: ['8H 7C 6D', '7H 9S AD', 'QS KS AS'], talon: TALON });

  test.each([
    ['the lead attacker on an empty table; a timeout plays their lowest card', [], ['ann'], 'lead_lowest_card'],
    ['the defender while a card is unbeaten; a timeout takes', [attack('ann', '8H')], ['bob'], 'take'],
    ['every thrower once all is beaten; a timeout passes', [attack('ann', '8H'), defend('bob', 1, '9S')], ['ann', 'cat'], 'pass'],
    ['only those who have not said beat yet', [attack('ann', '8H'), defend('bob', 1, '9S'), beat('ann')], ['cat'], 'pass'],
    ['the throwers after a take', [attack('ann', '8H'), take('bob')], ['ann', 'cat'], 'pass'],
  ] as const)('%s', (_name, actions, players, effect) => {
    const { state } = play(start, ...actions);
    expect(awaited(state)).toEqual({ players, on_timeout: effect });
  });

  test('nobody once the game is over', () => {
    const { state } = play(position({ hands: ['6H', '7H'], trump: '6S' }), attack('ann', '6H'), defend('bob', 1, '7H'));
    expect(awaited(state)).toEqual({ players: [], on_timeout: 'none' });
  });

  test('everyone still playing during a catch window', () => {
    const cheating = position({ options: { is_cheating_allowed: true }, hands: ['8H 7C', '9H 9S', 'QS KS'], talon: TALON });
    const { state } = play(cheating, attack('ann', '8H'), defend('bob', 1, '9H'), beat('ann'), beat('cat'), beat('bob'));
    expect(awaited(state)).toEqual({ players: ['ann', 'cat'], on_timeout: 'close_catch_window' });
  });
});

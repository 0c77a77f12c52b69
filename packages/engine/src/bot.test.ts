import { describe, expect, test } from 'vitest';
import { chooseAction } from './bot.js';
import { legalActions } from './legal.js';
import { position } from './test-position.js';
import { viewFor } from './view.js';

const TALON = '9C 9D 10C 10D JC JD 6S';
const rng = () => 0.5;
const botMove = (state: ReturnType<typeof position>, player: string) =>
  chooseAction(viewFor(state, player), legalActions(state, player), rng);

describe('bot', () => {
  test('leads its lowest non-trump card', () => {
    expect(botMove(position({ hands: ['7S QH 8D', '9H'], talon: TALON }), 'ann')).toEqual({
      type: 'attack',
      player: 'ann',
      cards: [{ suit: 'diamonds', rank: '8' }],
    });
  });

  test('beats with the cheapest card that works', () => {
    const state = position({ hands: ['6C', '7S AH 8H'], talon: TALON, table: [['6H']] });
    expect(botMove(state, 'bob')).toEqual({ type: 'defence', player: 'bob', slot_id: 1, card: { suit: 'hearts', rank: '8' } });
  });

  test('takes when it cannot beat', () => {
    const state = position({ hands: ['6C', '7C 8D'], talon: TALON, table: [['AH']] });
    expect(botMove(state, 'bob')).toEqual({ type: 'take', player: 'bob' });
  });

  test('says beat rather than throw in a trump', () => {
    const state = position({ hands: ['7S', '8D'], talon: TALON, table: [['7H', '8H']] });
    expect(botMove(state, 'ann')).toEqual({ type: 'beat', player: 'ann' });
  });
});

import { describe, expect, test } from 'vitest';
import { ENGINE_ERRORS as E } from './errors.js';
import { attack, beat, defend, handOf, play, position, refusal, take } from './test-position.js';
import type { GameEvent } from './types.js';
import { viewFor } from './view.js';

const TALON = '9C 9D 10C 10D JC JD QC QD 6S';

describe('beat: the bout ends in the discard', () => {
  test('when every card is beaten and the attacker says beat, the table is discarded and the defender attacks', () => {
    const start = position({ hands: ['6H 7C 8C', '7H 9S AD'], talon: TALON });
    const { state, events } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), beat('ann'));
    expect(state.discard).toHaveLength(2);
    expect(state.slots).toEqual([]);
    expect(state.players[state.attacker]).toBe('bob');
    expect(state.players[state.defender]).toBe('ann');
    expect(events.map((e) => e.type)).toContain('discarded');
  });

  test('every player allowed to throw in must say beat, not only the lead attacker', () => {
    const start = position({ hands: ['6H 7C 8C', '7H 9S AD', '8D 9D 10D'], talon: TALON });
    const { state } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), beat('ann'));
    expect(state.slots).toHaveLength(1);
    expect(play(state, beat('cat')).state.slots).toEqual([]);
  });

  test('the 5-card limit ends with the first discard of the game', () => {
    const start = position({ hands: ['6H 7C 8C', '7H 9S AD'], talon: TALON });
    expect(viewFor(start, 'ann').bout_limit).toBe(5);
    const { state } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), beat('ann'));
    expect(viewFor(state, 'ann').bout_limit).toBe(6);
  });

  test('once the defender has no cards left nobody can throw in and the bout ends at once', () => {
    const start = position({ hands: ['6H 7H 7C', '8H'], trump: '6S' });
    const { state } = play(start, attack('ann', '6H'), defend('bob', 1, '8H'));
    expect(state.phase).toBe('finished');
  });
});

describe('take', () => {
  const start = position({ hands: ['6H 6D 6C 7C 8C 9C', '7H 10S JS QS KS AS', 'AH 6S 10C JC KC QH'], talon: TALON });

  test('after a take the others may still throw in within the limits, then the defender picks up', () => {
    const taken = play(start, attack('ann', '6H'), take('bob'), attack('ann', '6D'), attack('cat', '6S')).state;
    expect(taken.slots).toHaveLength(3);
    expect(refusal(taken, attack('ann', '7C'))).toBe(E.rankNotOnTable);
    const { state } = play(taken, beat('ann'), beat('cat'));
    expect(handOf(state, 'bob')).toEqual(expect.arrayContaining(['6H', '6D', '6S']));
    expect(state.discard).toEqual([]);
  });

  test('the player after the taker attacks next', () => {
    const { state } = play(start, attack('ann', '6H'), take('bob'), beat('ann'), beat('cat'));
    expect(state.players[state.attacker]).toBe('cat');
    expect(state.players[state.defender]).toBe('ann');
  });

  test('with two players the attacker attacks again after a take', () => {
    const two = position({ hands: ['6H 6D 7C', '7H 10S'], talon: TALON });
    const { state } = play(two, attack('ann', '6H'), take('bob'), beat('ann'));
    expect(state.players[state.attacker]).toBe('ann');
  });

  test('the player status shows take for the defender and beat for those done', () => {
    const { state } = play(start, attack('ann', '6H'), take('bob'), beat('ann'));
    expect(viewFor(state, null).round.player_status).toEqual({ bob: 'take', ann: 'beat' });
  });
});

describe('refill', () => {
  test('the lead attacker draws first, the other attackers clockwise, the defender last', () => {
    // Only three cards left: ann and cat draw, bob (defender) gets none.
    const start = position({ hands: ['6H 7C 8C 9C 10C 6D', '7H 9S AD JH QH KH', '8D 9D 10D JD QD KD'], talon: 'AC KS 6S' });
    const { state, events } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), beat('ann'), beat('cat'));
    const drawn = events.filter((e): e is Extract<GameEvent, { type: 'drawn' }> => e.type === 'drawn');
    expect(drawn).toEqual([
      { type: 'drawn', player: 'ann', count: 1 },
      { type: 'drawn', player: 'bob', count: 1 },
    ]);
    expect(drawn.map((d) => d.player)).toEqual(['ann', 'bob']);
    expect(state.talon).toHaveLength(1);
  });

  test('when the talon runs short the attackers draw before the defender', () => {
    const start = position({ hands: ['6H 7C 8C 9C 10C 6D', '7H 9S AD JH QH KH', '8D 9D 10D JD QD KD'], talon: '6S' });
    const { state } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), beat('ann'), beat('cat'));
    expect(handOf(state, 'ann')).toContain('6S');
    expect(handOf(state, 'bob')).toHaveLength(5);
  });
});

describe('the end of the game', () => {
  test('a player out of cards once the talon is empty wins; the last one holding cards is the durak', () => {
    const start = position({ hands: ['6H', '7H 8C', '9D 10D'], trump: '6S' });
    const { state, events } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), beat('cat'));
    expect(state.results[0]).toBe('victory');
    expect(events).toContainEqual({ type: 'player_out', player: 'ann', result: 'victory' });
    expect(state.phase).toBe('play');
  });

  const lastBout = (isDrawAllowed: boolean) => position({ options: { is_draw_allowed: isDrawAllowed }, hands: ['6H', '7H'], trump: '6S' });

  test('a draw: the last bout empties both last hands at once', () => {
    const { state, events } = play(lastBout(true), attack('ann', '6H'), defend('bob', 1, '7H'));
    expect(state.results).toEqual(['draw', 'draw']);
    const over = events.find((e) => e.type === 'game_over');
    expect(over).toMatchObject({
      results: [
        { player: 'ann', result: 'draw', place: 1 },
        { player: 'bob', result: 'draw', place: 1 },
      ],
    });
  });

  test('the same position without draws: the last defender is the durak', () => {
    const { state } = play(lastBout(false), attack('ann', '6H'), defend('bob', 1, '7H'));
    expect(state.results).toEqual(['victory', 'defeat']);
    expect(state.phase).toBe('finished');
  });

  test('the finished view reveals the seed and the finishing order', () => {
    const { state } = play(lastBout(false), attack('ann', '6H'), defend('bob', 1, '7H'));
    const view = viewFor({ ...state, seed: 'cafe' }, null);
    expect(view.status).toBe('FINISHED');
    expect(view.seed).toBe('cafe');
    expect(view.finishing_order).toEqual(['ann', 'bob']);
    expect(refusal(state, attack('bob', '6H'))).toBe(E.gameOver);
  });

  test('death match: the first player out wins alone and the game ends', () => {
    const start = position({
      options: { is_death_match_allowed: true, is_classic_mode_allowed: false },
      hands: ['6H', '7H 8C', '9D 10D'],
      trump: '6S',
    });
    const { state } = play(start, attack('ann', '6H'), defend('bob', 1, '7H'), beat('cat'));
    expect(state.results).toEqual(['victory', 'defeat', 'defeat']);
    expect(state.phase).toBe('finished');
  });
});

describe('secret trump', () => {
  const secret = position({ options: { secret_trump_mode: true }, hands: ['6H 7H 8C', '6S 9S AD', '10H'], talon: '9C 9D 10C 10D JS' });

  test('the trump card is hidden from everyone until revealed', () => {
    const view = viewFor(secret, 'ann');
    expect(view.trump_card).toBeNull();
    expect(view.trump_suit).toBeNull();
  });

  test('the first trump that beats a non-trump reveals the suit', () => {
    const { state, events } = play(secret, attack('ann', '6H'), defend('bob', 1, '6S'));
    expect(events).toContainEqual({ type: 'trump_revealed', trump_card: { suit: 'spades', rank: 'J' } });
    expect(viewFor(state, 'cat').trump_suit).toBe('spades');
  });

  test('legality uses the real trump while it is hidden', () => {
    const { state } = play(secret, attack('ann', '6H'));
    expect(refusal(state, defend('bob', 1, 'AD'))).toBe(E.cardDoesNotBeat);
  });

  test('the suit is revealed when the talon runs out', () => {
    const short = position({ options: { secret_trump_mode: true }, hands: ['6H 7C', '7H 9S'], talon: 'JS' });
    const { events } = play(short, attack('ann', '6H'), defend('bob', 1, '7H'), beat('ann'));
    expect(events.map((e) => e.type)).toContain('trump_revealed');
  });
});

import { describe, expect, test } from 'vitest';
import { ENGINE_ERRORS as E } from './errors.js';
import { legalActions } from './legal.js';
import { attack, beat, catchSlot, defend, handOf, play, position, refusal, surrender, timeout, transfer } from './test-position.js';

const TALON = '9C 9D 10C 10D JC JD QC QD 6S';

describe('cheating', () => {
  const cheating = position({ options: { is_cheating_allowed: true }, hands: ['6H 7C 8C', '7H 9S AD 8H', 'QS KS AS'], talon: TALON });

  test('a room without cheating refuses an illegal throw-in and has no catch', () => {
    const honest = position({ hands: ['6H 7C', '7H 9S'], talon: TALON, table: [['6D']] });
    expect(refusal(honest, attack('ann', '7C'))).toBe(E.rankNotOnTable);
    expect(refusal(honest, catchSlot('bob', 1))).toBe(E.cheatingNotAllowed);
  });

  test('the server accepts an illegal throw-in; a caught card goes back to its owner', () => {
    const cheated = play(cheating, attack('ann', '6H'), defend('bob', 1, '7H'), attack('ann', '8C')).state;
    expect(cheated.slots).toHaveLength(2);
    const { state, events } = play(cheated, catchSlot('cat', 2));
    expect(state.slots).toHaveLength(1);
    expect(handOf(state, 'ann')).toContain('8C');
    expect(events).toContainEqual({
      type: 'caught',
      player: 'cat',
      accused: 'ann',
      slot_id: 2,
      card: { suit: 'clubs', rank: '8' },
      is_correct: true,
    });
  });

  test('a player caught cheating may not cheat again in that bout', () => {
    const caught = play(cheating, attack('ann', '6H'), defend('bob', 1, '7H'), attack('ann', '8C'), catchSlot('cat', 2)).state;
    expect(refusal(caught, attack('ann', '8C'))).toBe(E.cheatingNotAllowed);
  });

  test('a defence that does not beat is accepted and can be caught; the slot is open again', () => {
    const cheated = play(cheating, attack('ann', '6H'), defend('bob', 1, 'AD')).state;
    expect(cheated.slots[0]!.defense_card).not.toBeNull();
    const { state } = play(cheated, catchSlot('ann', 1));
    expect(state.slots[0]!.defense_card).toBeNull();
    expect(handOf(state, 'bob')).toContain('AD');
  });

  test('a wrong accusation costs the accuser their catches for the rest of the bout', () => {
    const honest = play(cheating, attack('ann', '6H'), defend('bob', 1, '7H')).state;
    const { state, events } = play(honest, catchSlot('cat', 1));
    expect(events).toContainEqual({ type: 'caught', player: 'cat', accused: 'bob', slot_id: 1, card: null, is_correct: false });
    expect(refusal(state, catchSlot('cat', 1))).toBe(E.catchForfeited);
    expect(legalActions(state, 'cat').some((a) => a.type === 'catch')).toBe(false);
  });

  test('nobody catches their own card', () => {
    const opened = play(cheating, attack('ann', '6H')).state;
    expect(refusal(opened, catchSlot('ann', 1))).toBe(E.nothingToCatch);
  });

  test('before the table is discarded there is a window to catch; it closes when everyone lets it pass', () => {
    const done = play(cheating, attack('ann', '6H'), defend('bob', 1, 'AD'), beat('ann'), beat('cat')).state;
    expect(done.phase).toBe('catch_window');
    expect(done.slots).toHaveLength(1);
    const closed = play(done, beat('ann'), beat('bob'), beat('cat')).state;
    expect(closed.phase).toBe('play');
    expect(closed.discard).toHaveLength(2);
  });

  test('a catch in the window reopens the bout; a timeout closes the window', () => {
    const done = play(cheating, attack('ann', '6H'), defend('bob', 1, 'AD'), beat('ann'), beat('cat')).state;
    const reopened = play(done, catchSlot('cat', 1)).state;
    expect(reopened.phase).toBe('play');
    expect(reopened.slots[0]!.defense_card).toBeNull();
    const closed = play(done, timeout).state;
    expect(closed.slots).toEqual([]);
    expect(closed.discard).toHaveLength(2);
  });

  test('an illegal transfer is accepted and can be caught', () => {
    const room = position({
      options: { is_cheating_allowed: true, is_transfer_allowed: true },
      hands: ['6H 7C 8C', '7D 9S', '8D 9D 10D'],
      talon: TALON,
      table: [['6D']],
    });
    const { state } = play(room, transfer('bob', '7D'));
    expect(state.players[state.defender]).toBe('cat');
    expect(handOf(play(state, catchSlot('ann', 2)).state, 'bob')).toContain('7D');
  });
});

describe('surrender and leaving', () => {
  const three = (o = {}) => position({ options: o, hands: ['6H 7C 8C', '7H 9S AD', 'QS KS AS'], talon: TALON });

  test('classic: a player who surrenders is the durak at once', () => {
    const { state, events } = play(three(), surrender('cat'));
    expect(state.results).toEqual(['victory', 'victory', 'defeat']);
    expect(events.at(-1)).toMatchObject({ type: 'game_over' });
  });

  test('death match: a player who leaves is out as a loser and the others play on', () => {
    const { state } = play(three({ is_death_match_allowed: true, is_classic_mode_allowed: false }), surrender('cat'));
    expect(state.results).toEqual([null, null, 'defeat']);
    expect(state.phase).toBe('play');
    expect(legalActions(state, 'cat')).toEqual([]);
  });

  test('death match: when all but one leave, the last one wins', () => {
    const dm = three({ is_death_match_allowed: true, is_classic_mode_allowed: false });
    const { state } = play(dm, attack('ann', '6H'), surrender('ann'), surrender('bob'));
    expect(state.results).toEqual(['defeat', 'defeat', 'victory']);
    expect(state.phase).toBe('finished');
  });
});

describe('timer expiry', () => {
  const start = position({ hands: ['8H 7C 6S', '7H 9S AD', 'QS KS AS'], talon: TALON });

  test('a lead attacker on an empty table plays their lowest card', () => {
    const { state } = play(start, timeout);
    expect(state.slots.map((s) => s.attack_card)).toEqual([{ suit: 'clubs', rank: '7' }]);
  });

  test('a defender takes', () => {
    const { state } = play(start, attack('ann', '8H'), timeout);
    expect(state.is_taking).toBe(true);
  });

  test('anyone else passes, as if they said beat', () => {
    const { state } = play(start, attack('ann', '8H'), defend('bob', 1, '9S'), timeout);
    expect(state.slots).toEqual([]);
    expect(state.discard).toHaveLength(2);
  });

  const duel = position({ hands: ['7C 8H 7S QH', '8C 9H 10H AD'], talon: TALON });

  test('two expiries in a row by the same player count as surrender', () => {
    const { state } = play(duel, attack('ann', '8H'), timeout, beat('ann'), attack('ann', '7C'), timeout);
    expect(state.results).toEqual(['victory', 'defeat']);
  });

  test('acting between expiries resets the count', () => {
    const s1 = play(duel, timeout).state; // ann's first expiry: she leads her lowest card
    expect(s1.slots.map((slot) => slot.attack_card)).toEqual([{ suit: 'clubs', rank: '7' }]);
    const s2 = play(s1, defend('bob', 1, '8C'), beat('ann'), attack('bob', '9H'), defend('ann', 2, 'QH'), beat('bob')).state;
    expect(s2.expiries[0]).toBe(0);
    expect(play(s2, timeout).state.phase).toBe('play');
  });
});

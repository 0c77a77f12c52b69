import { describe, expect, test } from 'vitest';
import { ENGINE_ERRORS as E } from './errors.js';
import { attack, beat, defend, handOf, play, position, refusal, take, transfer } from './test-position.js';

// Trump is spades unless a test says otherwise (the talon's last card).
const TALON = '9C 9D 10C 10D JC JD 6S';

describe('attack and throw-in', () => {
  const start = position({ hands: ['6H 6D 6C 7H 8H 9S', '7D 8D 9D 10H JH QS'], talon: TALON });

  test('the lead attacker may open with several cards of one rank', () => {
    const { state } = play(start, attack('ann', '6H 6D'));
    expect(state.slots.map((s) => s.attack_card.rank)).toEqual(['6', '6']);
    expect(handOf(state, 'ann')).toHaveLength(4);
  });

  test.each([
    ['cannot open with two ranks at once', attack('ann', '6H 7H'), E.mixedRanks],
    ['the defender cannot open the bout', attack('bob', '7D'), E.notYourTurn],
    ['cannot play a card not in hand', attack('ann', 'AS'), E.cardNotInHand],
    ['cannot play the same card twice', attack('ann', '6H 6H'), E.cardNotInHand],
    ['cannot say beat on an empty table', beat('ann'), E.cannotBeatYet],
    ['cannot take an empty table', take('bob'), E.nothingToTake],
    ['a stranger is not in the game', attack('zed', '6H'), E.notInGame],
  ])('%s', (_name, action, code) => {
    expect(refusal(start, action)).toBe(code);
  });

  test('cannot throw in a rank that is not on the table', () => {
    const { state } = play(start, attack('ann', '6H'));
    expect(refusal(state, attack('ann', '7H'))).toBe(E.rankNotOnTable);
  });

  test('may throw in the rank of a card that beat an attack', () => {
    const opened = position({ hands: ['6H 8C 9C', '8H 7D 7C'], talon: TALON });
    const { state } = play(opened, attack('ann', '6H'), defend('bob', 1, '8H'));
    expect(refusal(state, attack('ann', '9C'))).toBe(E.rankNotOnTable);
    const after = play(state, attack('ann', '8C')).state;
    expect(after.slots).toHaveLength(2);
  });

  test("unbeaten cards never outnumber the defender's hand", () => {
    const short = position({ hands: ['6H 6D 6C 7H 8H 9S', '7D 8D'], talon: TALON });
    expect(refusal(short, attack('ann', '6H 6D 6C'))).toBe(E.tableFull);
    const { state } = play(short, attack('ann', '6H 6D'));
    expect(refusal(state, attack('ann', '6C'))).toBe(E.tableFull);
  });

  test('at most 5 cards in a bout before the first discard, 6 after it', () => {
    const table: [string, string][] = [
      ['7H', '8H'],
      ['7D', '8D'],
      ['7C', '8C'],
      ['8S', 'AS'],
      ['KH', 'AH'],
    ];
    const before = position({ hands: ['7S QS', 'QH QD QC 10S'], table, talon: TALON });
    expect(refusal(before, attack('ann', '7S'))).toBe(E.tableFull);
    const after = position({ hands: ['7S QS', 'QH QD QC 10S'], table, talon: TALON, discard: '6H 6D' });
    expect(play(after, attack('ann', '7S')).state.slots).toHaveLength(6);
  });

  const four = (permission: 'ALL_PLAYERS' | 'NEIGHBORS_ONLY') =>
    position({
      options: { card_transfer_permission: permission },
      hands: ['6H 9H', '7D 8D QD KD', '6D 10C', '6C JC'],
      talon: TALON,
      table: [['6S']],
    });

  test('neighbours only: the player across the table may not throw in', () => {
    // bob defends; ann and cat sit beside him, dan across.
    expect(refusal(four('NEIGHBORS_ONLY'), attack('dan', '6C'))).toBe(E.notYourTurn);
    expect(play(four('NEIGHBORS_ONLY'), attack('cat', '6D')).state.slots).toHaveLength(2);
  });

  test('all players: the player across the table may throw in', () => {
    expect(play(four('ALL_PLAYERS'), attack('dan', '6C')).state.slots).toHaveLength(2);
  });
});

describe('defence', () => {
  const at = (attackCard: string, defender: string) => position({ hands: ['6C', defender], talon: TALON, table: [[attackCard]] });

  test.each([
    ['a higher card of the same suit beats', '9H', '10H', true],
    ['a trump beats a non-trump', 'AH', '7S', true],
    ['a higher trump beats a trump', '8S', '9S', true],
    ['a lower card of the same suit does not beat', '9H', '7H', false],
    ['a card of another suit does not beat', '9H', 'AD', false],
    ['a non-trump never beats a trump', '7S', 'AH', false],
  ])('%s', (_name, attackCard, defenceCard, isAccepted) => {
    const state = at(attackCard, `${defenceCard} 6D`);
    if (isAccepted) expect(play(state, defend('bob', 1, defenceCard)).state.slots[0]!.defense_card).not.toBeNull();
    else expect(refusal(state, defend('bob', 1, defenceCard))).toBe(E.cardDoesNotBeat);
  });

  test('cannot beat a card that is already beaten, or a slot that does not exist', () => {
    const state = position({ hands: ['6C', '10H JH'], talon: TALON, table: [['9H', '10H']] });
    expect(refusal(state, defend('bob', 1, 'JH'))).toBe(E.slotAlreadyBeaten);
    expect(refusal(state, defend('bob', 7, 'JH'))).toBe(E.noSuchSlot);
  });

  test('an attacker cannot defend', () => {
    expect(refusal(at('9H', '10H'), defend('ann', 1, '6C'))).toBe(E.notYourTurn);
  });

  test('cannot say beat while a card is unbeaten', () => {
    expect(refusal(at('9H', '10H'), beat('ann'))).toBe(E.cannotBeatYet);
  });
});

describe('transfer', () => {
  const three = (bobHand: string, catHand: string, o = { is_transfer_allowed: true }) =>
    position({ options: o, hands: ['9C 6D 7D 8D', bobHand, catHand], talon: TALON, table: [['9H']] });

  test('the defender passes the attack on with a card of its rank; the next player defends', () => {
    const { state } = play(three('9D 7C', '6H 7H 8H'), transfer('bob', '9D'));
    expect(state.players[state.defender]).toBe('cat');
    expect(state.slots).toHaveLength(2);
  });

  test('transfers chain around the table', () => {
    const { state } = play(three('9D 7C', '9S 7H 8H'), transfer('bob', '9D'), transfer('cat', '9S'));
    expect(state.players[state.defender]).toBe('ann');
    expect(state.slots).toHaveLength(3);
  });

  test('refused when the next player holds fewer cards than the table would', () => {
    expect(refusal(three('9D 7C', '6H'), transfer('bob', '9D'))).toBe(E.transferNotAllowed);
  });

  test('refused once a card on the table is beaten', () => {
    const state = position({
      options: { is_transfer_allowed: true },
      hands: ['9C', '9D 7C', '6H 7H 8H'],
      talon: TALON,
      table: [['9H', '10H'], ['9S']],
    });
    expect(refusal(state, transfer('bob', '9D'))).toBe(E.transferNotAllowed);
  });

  test('refused in a room without transfers', () => {
    expect(refusal(three('9D 7C', '6H 7H 8H', { is_transfer_allowed: false }), transfer('bob', '9D'))).toBe(E.transferNotAllowed);
  });

  test('refused with a card of another rank', () => {
    expect(refusal(three('9D 7C', '6H 7H 8H'), transfer('bob', '7C'))).toBe(E.rankNotOnTable);
  });
});

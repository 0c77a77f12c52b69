// The rules oracle's finding (issue 40, FEATURES.md §16): with an empty talon a player who has
// played their last card is out of the seat order at once, for who attacks, throws in, defends
// and receives a transfer, not only when the bout ends. The positions come from the scenarios of
// an independent rules engine, maximpertsov/durak-sockets
// (tests/lib/durak/scenario_inputs/pass_back_to_player_without_cards/input.json and its family:
// pass_back_to_pass_without_cards, passed_with_last_card,
// defend_successfully_after_attack_plays_last_card), replayed against ours.
import { describe, expect, test } from 'vitest';
import { boardFromView, throwers } from './board.js';
import { card, cardId } from './cards.js';
import { legalActions } from './legal.js';
import { simOf } from './sim.js';
import { attack, beat, defend, handOf, play, position, refusal, transfer } from './test-position.js';
import { ENGINE_ERRORS as E } from './errors.js';
import type { GameState } from './types.js';
import { viewFor } from './view.js';

const named = (state: GameState, players: readonly string[]): GameState => ({ ...state, players });

/**
 * pass_back_to_player_without_cards: anna is already out; grusha is about to lead her last card
 * 9C with the talon empty (trump hearts); vasyl and igor both hold a nine to transfer with.
 */
function grushaLeadsHerLastCard(): GameState {
  const state = position({
    options: { player_count: 4, is_transfer_allowed: true },
    hands: ['', '9S KC KS AC AD AS', '8S 9D QC 8H QH', '9C'],
    trump: '6H',
    discard: '6C 6D 6S 7C 7D 7H 7S 8C 8D 10C 10D 10H 10S JC JD JH JS QD QS KD KH AH 9H',
    attacker: 3,
    defender: 1,
    results: ['victory', null, null, null],
  });
  return named(state, ['anna', 'vasyl', 'igor', 'grusha']);
}

describe('a player who played their last card with the talon empty is out of the seat order at once', () => {
  test('the oracle position: igor transfers 9D past grusha (0 cards) and anna (out) back to vasyl', () => {
    const { state } = play(grushaLeadsHerLastCard(), attack('grusha', '9C'), transfer('vasyl', '9S'));
    expect(state.players[state.defender]).toBe('igor');
    // Before the fix: rule/transfer_not_allowed, measured against grusha's 0 cards.
    const listed = legalActions(state, 'igor').filter((a) => a.type === 'transfer');
    expect(listed).toEqual([{ type: 'transfer', player: 'igor', card: card('9D') }]);
    expect(legalActions(viewFor(state, 'igor'), 'igor').filter((a) => a.type === 'transfer')).toEqual(listed);
    const after = play(state, transfer('igor', '9D')).state;
    expect(after.players[after.attacker]).toBe('igor');
    expect(after.players[after.defender]).toBe('vasyl');
    expect(after.slots.map((s) => s.attack_card)).toEqual([card('9C'), card('9S'), card('9D')]);
  });

  test('the bout then ends with grusha out as a winner and vasyl, who beat everything, attacking igor', () => {
    const transferred = play(grushaLeadsHerLastCard(), attack('grusha', '9C'), transfer('vasyl', '9S'), transfer('igor', '9D')).state;
    const { state, events } = play(transferred, defend('vasyl', 1, 'KC'), defend('vasyl', 2, 'KS'), defend('vasyl', 3, 'AD'), beat('igor'));
    expect(events).toContainEqual({ type: 'player_out', player: 'grusha', result: 'victory' });
    expect(state.results).toEqual(['victory', null, null, 'victory']);
    expect(state.players[state.attacker]).toBe('vasyl');
    expect(state.players[state.defender]).toBe('igor');
    expect(handOf(state, 'vasyl')).toEqual(['AC', 'AS']);
  });

  test('passed_with_last_card: a defender who transfers their last card is skipped when the transfer comes round again', () => {
    // ann leads to bob; bob transfers his only card to cat; cat to ann; ann's transfer passes bob (0 cards) to cat.
    const start = position({
      options: { player_count: 3, is_transfer_allowed: true },
      hands: ['7C 7S 8C 9C', '7D', '7H 10D JD QD KD'],
      trump: '6S',
      discard: '6C',
    });
    const { state } = play(start, attack('ann', '7C'), transfer('bob', '7D'), transfer('cat', '7H'));
    expect(state.players[state.defender]).toBe('ann');
    const after = play(state, transfer('ann', '7S')).state;
    expect(after.players[after.defender]).toBe('cat');
    expect(refusal(state, transfer('ann', '8C'))).toBe(E.rankNotOnTable);
  });

  test('a transfer is still refused when the next player in the seat order holds too few cards', () => {
    const start = position({
      options: { player_count: 3, is_transfer_allowed: true },
      hands: ['7C 7S 8C 9C', '7D', '7H 10D'],
      trump: '6S',
      discard: '6C',
    });
    const { state } = play(start, attack('ann', '7C'), transfer('bob', '7D'), transfer('cat', '7H'));
    // Four cards would be on the table; cat (the next after ann, bob being out) holds one.
    expect(refusal(state, transfer('ann', '7S'))).toBe(E.transferNotAllowed);
  });

  test("NEIGHBORS_ONLY: the emptied lead attacker no longer blocks the defender's other neighbour from throwing in", () => {
    const start = position({
      options: { player_count: 4, card_transfer_permission: 'NEIGHBORS_ONLY' },
      hands: ['8C', '9C 10H', 'JS QS', '8D KD'],
      trump: '6S',
      discard: '6C',
    });
    const { state } = play(start, attack('ann', '8C'), defend('bob', 1, '9C'));
    // bob's neighbours: before him ann has 0 cards with the talon empty, so dan; after him cat.
    expect(throwers(state).map((s) => state.players[s])).toEqual(['dan', 'cat']);
    expect(viewFor(state, 'dan').throwers).toEqual(['dan', 'cat']);
    expect(throwers(boardFromView(viewFor(state, 'dan')))).toEqual(throwers(state));
    const after = play(state, attack('dan', '8D')).state;
    expect(after.slots).toHaveLength(2);
  });

  test('ALL_PLAYERS: the emptied player is not listed as a thrower', () => {
    const start = position({ options: { player_count: 3 }, hands: ['8C', '9C 10H', 'JS 8S'], trump: '6S', discard: '6C' });
    const { state } = play(start, attack('ann', '8C'));
    expect(viewFor(state, 'cat').throwers).toEqual(['cat']);
  });

  test('while the talon lasts a player without cards stays in the seat order (they draw at the bout end)', () => {
    const start = position({
      options: { player_count: 3, is_transfer_allowed: true },
      hands: ['7C', '7D 8D 9D', '7H 10D JD QD KD'],
      talon: '6C 6D 6H 6S',
    });
    const { state } = play(start, attack('ann', '7C'), transfer('bob', '7D'));
    // Next after cat is ann, who holds 0 cards: too few for three on the table, so no transfer.
    expect(refusal(state, transfer('cat', '7H'))).toBe(E.transferNotAllowed);
  });

  test('a game dealt before the fix (is_legacy_seat_order) keeps the old order, so its record replays as played', () => {
    const old = grushaLeadsHerLastCard();
    const legacy = { ...old, options: { ...old.options, is_legacy_seat_order: true } };
    const { state } = play(legacy, attack('grusha', '9C'), transfer('vasyl', '9S'));
    expect(refusal(state, transfer('igor', '9D'))).toBe(E.transferNotAllowed);
    expect(simOf(state).canTransfer()).toBe(false);
  });

  test("the bots' simulator agrees: it lets igor transfer past grusha and anna to vasyl", () => {
    const { state } = play(grushaLeadsHerLastCard(), attack('grusha', '9C'), transfer('vasyl', '9S'));
    const sim = simOf(state);
    expect(sim.canTransfer()).toBe(true);
    sim.transfer(cardId(card('9D')));
    expect(sim.defender).toBe(1);
    expect(sim.attacker).toBe(2);
  });

  test("the bots' simulator agrees on NEIGHBORS_ONLY throwers past an emptied neighbour", () => {
    const start = position({
      options: { player_count: 4, card_transfer_permission: 'NEIGHBORS_ONLY' },
      hands: ['8C', '9C 10H', 'JS QS', '8D KD'],
      trump: '6S',
      discard: '6C',
    });
    const sim = simOf(play(start, attack('ann', '8C'), defend('bob', 1, '9C')).state);
    expect([0, 1, 2, 3].filter((seat) => sim.isThrower(seat))).toEqual([2, 3]);
  });
});

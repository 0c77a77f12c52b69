// Two against two (FEATURES.md §16): partners sit opposite (ann+cat, bob+dan) and never attack,
// throw in on or transfer to each other, also after one of them is out; the durak's team loses.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyAction } from './apply.js';
import { isPartner, throwers } from './board.js';
import { chooseAction } from './bot.js';
import { cardCode } from './cards.js';
import { createGame } from './create-game.js';
import { ENGINE_ERRORS as E } from './errors.js';
import { legalActions } from './legal.js';
import { DEFAULT_OPTIONS, type GameOptions } from './options.js';
import { teamOutcome } from './teams.js';
import { attack, beat, defend, play, position, refusal, surrender, transfer } from './test-position.js';
import type { Action, GameState, Rng } from './types.js';
import { viewFor } from './view.js';

const TEAM = { player_count: 4, is_team_mode: true } as const;

describe('team mode positions', () => {
  test('with bob out, ann attacks dan: the next seat after bob is her partner cat', () => {
    // dan leads to ann, ann beats, the bout is discarded: ann attacks next, and not cat.
    const start = position({
      options: TEAM,
      hands: ['8C 9C 10H', '', 'JS QS', '7C KD'],
      trump: '6S',
      discard: '6C',
      attacker: 3,
      defender: 0,
      results: [null, 'victory', null, null],
    });
    const bouted = play(start, attack('dan', '7C'), defend('ann', 1, '8C'));
    // cat may not throw in on her partner ann (she holds no seven or eight anyway; the rule is the seat).
    expect(throwers(bouted.state).map((s) => bouted.state.players[s])).toEqual(['dan']);
    expect(refusal(bouted.state, attack('cat', 'JS'))).toBe(E.notYourTurn);
    const { state, events } = play(bouted.state, beat('dan'));
    expect(events).toContainEqual({ type: 'bout_started', attacker: 'ann', defender: 'dan' });
    expect(state.players[state.defender]).toBe('dan');
  });

  test('a partner never throws in on the defender, even holding a rank on the table', () => {
    const start = position({ options: TEAM, hands: ['8C 9C', '9D 10D', '8D 8S', 'KH AH'], talon: '6C 6D 6H 6S' });
    const { state } = play(start, attack('ann', '8C'));
    // bob defends; dan is bob's partner and holds no eight; cat (ann's partner) may throw in.
    expect(throwers(state).map((s) => state.players[s])).toEqual(['ann', 'cat']);
    const dan = position({ options: TEAM, hands: ['8C 9C', '9D 10D', 'QS QD', '8H AH'], talon: '6C 6D 6H 6S' });
    expect(refusal(play(dan, attack('ann', '8C')).state, attack('dan', '8H'))).toBe(E.notYourTurn);
  });

  test("a transfer skips the transferrer's partner: with bob out, ann transfers back to dan", () => {
    const start = position({
      options: { ...TEAM, is_transfer_allowed: true },
      hands: ['7D 10H JH', '', '7H QS KS AS', '7C 8D 9D'],
      trump: '6S',
      discard: '6C',
      attacker: 3,
      defender: 0,
      results: [null, 'victory', null, null],
    });
    const { state } = play(start, attack('dan', '7C'), transfer('ann', '7D'));
    expect(state.players[state.defender]).toBe('dan');
  });

  test('the team of the last player holding cards loses', () => {
    // (bob's earlier going out is not in this made-up position's finishing order, so dan places first.)
    const start = position({
      options: TEAM,
      hands: ['8C 9H', '', 'QS', '7C'],
      trump: '6S',
      discard: '6C',
      attacker: 3,
      defender: 0,
      results: [null, 'victory', null, null],
    });
    const { state, events } = play(start, attack('dan', '7C'), defend('ann', 1, '8C'));
    expect(state.phase).toBe('finished');
    expect(state.results).toEqual(['defeat', 'victory', 'defeat', 'victory']);
    const over = events.find((e) => e.type === 'game_over');
    expect(over?.type === 'game_over' && over.results.map((r) => [r.player, r.result, r.place])).toEqual([
      ['dan', 'victory', 1],
      ['bob', 'victory', 2],
      ['ann', 'defeat', 3],
      ['cat', 'defeat', 3],
    ]);
  });

  test('a surrender loses for the whole team', () => {
    const start = position({ options: TEAM, hands: ['8C 9C', '9D 10D', 'QS QD', '8H AH'], talon: '6C 6D 6H 6S' });
    expect(play(start, surrender('cat')).state.results).toEqual(['defeat', 'victory', 'defeat', 'victory']);
  });

  test.each([
    ['both teams still hold cards: play on', false, false, [0], [1, 2], 3, undefined],
    ['only one team holds cards: it loses', false, false, [1], [0, 2], 1, 0],
    ['nobody holds cards, draws allowed: a draw', false, true, [0, 1], [], 1, null],
    ["nobody holds cards, no draws: the last defender's team loses", false, false, [0, 1], [], 1, 1],
    ["death match: the first out's team wins", true, false, [2], [0, 1, 3], 3, 1],
    ['death match: first-outs of both teams draw when allowed', true, true, [2, 3], [0, 1], 3, null],
  ] as const)('teamOutcome: %s', (_name, deathMatch, draw, out, stillIn, lastDefender, expected) => {
    const options = { is_death_match_allowed: deathMatch, is_draw_allowed: draw };
    expect(teamOutcome(options, out, stillIn, lastDefender)).toBe(expected);
  });
});

function seededRng(seed: number): Rng {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

function cardsOf(state: GameState): string[] {
  const cards = [...state.hands.flat(), ...state.talon, ...state.discard];
  for (const s of state.slots) cards.push(s.attack_card, ...(s.defense_card === null ? [] : [s.defense_card]));
  return cards.map(cardCode);
}

/** The seat an action is aimed at, if it is aimed at one: a lead or throw-in at the defender, a transfer at the next defender. */
function checkNotAgainstPartner(before: GameState, action: Action, after: GameState): void {
  if (action.type !== 'attack' && action.type !== 'transfer') return;
  const seat = before.players.indexOf(action.player);
  const target = action.type === 'attack' ? before.defender : after.defender;
  expect(isPartner(before.options, seat, target), `${action.type} by seat ${seat} at its partner ${target}`).toBe(false);
}

const teamOptionsArb = fc
  .record({
    deck_size: fc.constantFrom(24 as const, 36 as const, 52 as const),
    is_transfer_allowed: fc.boolean(),
    card_transfer_permission: fc.constantFrom('ALL_PLAYERS' as const, 'NEIGHBORS_ONLY' as const),
    is_draw_allowed: fc.boolean(),
    is_death_match_allowed: fc.boolean(),
    secret_trump_mode: fc.boolean(),
    is_cheating_allowed: fc.boolean(),
  })
  .map((o): GameOptions => ({
    ...DEFAULT_OPTIONS,
    ...o,
    player_count: 4,
    is_team_mode: true,
    is_classic_mode_allowed: !o.is_death_match_allowed,
  }));

describe('team mode properties', () => {
  test('every card accounted for at every step, no action against a partner, the game always ends with one team beaten', () => {
    fc.assert(
      fc.property(teamOptionsArb, fc.integer({ min: 0, max: 1e9 }), fc.boolean(), fc.integer(), (options, seedNumber, isBot, rngSeed) => {
        const players = ['ann', 'bob', 'cat', 'dan'];
        const created = createGame(options, players, { seed: `teams-${seedNumber}` });
        if (!created.ok) throw new Error(created.error.message);
        const rng = seededRng(rngSeed);
        let state = created.state;
        for (let n = 0; state.phase !== 'finished'; n++) {
          expect(n).toBeLessThan(3000);
          const cards = cardsOf(state);
          expect(cards).toHaveLength(options.deck_size);
          expect(new Set(cards).size).toBe(options.deck_size);
          expect(isPartner(options, state.attacker, state.defender)).toBe(false);
          for (const seat of throwers(state)) expect(isPartner(options, seat, state.defender)).toBe(false);
          let chosen: Action = { type: 'timeout' };
          const offset = Math.floor(rng() * 4);
          for (let i = 0; i < 4; i++) {
            const player = players[(offset + i) % 4]!;
            const legal = legalActions(state, player).filter((a) => a.type !== 'surrender' || rng() > 0.99);
            if (legal.length === 0 || rng() < 0.1) continue;
            const byBot = isBot ? chooseAction(viewFor(state, player), { level: 'normal', seed: `t${rngSeed}` }) : null;
            chosen = byBot ?? legal[Math.floor(rng() * legal.length)]!;
            break;
          }
          const result = applyAction(state, chosen);
          if (!result.ok) throw new Error(`refused ${JSON.stringify(chosen)}: ${result.error.code}`);
          checkNotAgainstPartner(state, chosen, result.state);
          state = result.state;
        }
        const results = state.results;
        if (results.includes('draw')) expect(results).toEqual(['draw', 'draw', 'draw', 'draw']);
        else {
          expect(results[0]).toBe(results[2]);
          expect(results[1]).toBe(results[3]);
          expect(results[0]).not.toBe(results[1]);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

import { describe, expect, test } from 'vitest';
import { cardCode, hand, orderedDeck } from './cards.js';
import { createGame, dealFromSeed } from './create-game.js';
import { ENGINE_ERRORS } from './errors.js';
import { DEFAULT_OPTIONS, turnSeconds, type GameOptions } from './options.js';
import { sha256Hex } from './sha256.js';
import { viewFor } from './view.js';

const two = ['ann', 'bob'];
const options = (o: Partial<GameOptions> = {}): GameOptions => ({ ...DEFAULT_OPTIONS, ...o });

describe('dealing', () => {
  test('deals round-robin from the top: card 0 to the first player, card 1 to the second', () => {
    const deck = orderedDeck(36);
    const game = createGame(options(), two, { deck });
    if (!game.ok) throw new Error(game.error.message);
    expect(game.state.hands[0]!.map(cardCode)).toEqual([0, 2, 4, 6, 8, 10].map((i) => cardCode(deck[i]!)));
    expect(game.state.hands[1]!.map(cardCode)).toEqual([1, 3, 5, 7, 9, 11].map((i) => cardCode(deck[i]!)));
    expect(game.state.talon).toEqual(deck.slice(12));
  });

  test("the deck's last card is the trump card, at the bottom of the talon", () => {
    const deck = orderedDeck(36);
    const game = createGame(options(), two, { deck });
    if (!game.ok) throw new Error(game.error.message);
    expect(cardCode(game.state.trump_card)).toBe('AS');
    expect(game.state.talon.at(-1)).toEqual(game.state.trump_card);
    expect(viewFor(game.state, null).trump_card).toEqual(game.state.trump_card);
  });

  test('six players on 36 cards leave no talon: the last card dealt shows the trump and stays in its hand', () => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f'];
    const deck = orderedDeck(36);
    const game = createGame(options({ player_count: 6 }), players, { deck });
    if (!game.ok) throw new Error(game.error.message);
    expect(game.state.talon).toEqual([]);
    expect(game.state.hands[5]!.at(-1)).toEqual(game.state.trump_card);
    const view = viewFor(game.state, 'a');
    expect(view.trump_card).toEqual(deck[35]);
    expect(view.talon_count).toBe(0);
  });

  test('the holder of the lowest trump attacks first and the next player defends', () => {
    // Trump is hearts (the last card); bob holds the 7 of hearts, cat the 9.
    const deck = hand('6S 7H 9H 6C 8C 10C 6D 7D 8D 7S 8S 9S QS KS AS QC KC AC JD QD KD 9C JC QH KH AH JS 10D 9D 10S 7C 10H JH AD 6H 8H');
    const game = createGame(options({ player_count: 3 }), ['ann', 'bob', 'cat'], { deck });
    if (!game.ok) throw new Error(game.error.message);
    expect(game.state.players[game.state.attacker]).toBe('bob');
    expect(game.state.players[game.state.defender]).toBe('cat');
  });

  test('a 24-card deck runs 9 to ace', () => {
    const game = createGame(options({ deck_size: 24, player_count: 4 }), ['a', 'b', 'c', 'd'], { seed: 'f00d' });
    if (!game.ok) throw new Error(game.error.message);
    const all = [...game.state.hands.flat(), ...game.state.talon];
    expect(all).toHaveLength(24);
    expect(all.every((c) => !['6', '7', '8'].includes(c.rank))).toBe(true);
  });

  test.each([
    ['24 cards seat at most 4 players', { deck_size: 24, player_count: 5 }, 5, ENGINE_ERRORS.optionTooManyForDeck],
    ['a room has one ending, not both', { is_death_match_allowed: true, is_classic_mode_allowed: true }, 2, ENGINE_ERRORS.optionEnding],
    ['a room has one ending, not none', { is_death_match_allowed: false, is_classic_mode_allowed: false }, 2, ENGINE_ERRORS.optionEnding],
    ['seven players do not fit', { player_count: 7 }, 7, ENGINE_ERRORS.optionPlayerCount],
    ['the seats must match player_count', { player_count: 3 }, 2, ENGINE_ERRORS.optionPlayers],
    ['deck size is 24, 36 or 52', { deck_size: 48 as 36 }, 2, ENGINE_ERRORS.optionDeckSize],
    ['team mode is for four players', { is_team_mode: true, player_count: 3 }, 3, ENGINE_ERRORS.optionTeamMode],
  ] as const)('refuses bad options: %s', (_name, o, count, code) => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].slice(0, count);
    const game = createGame(options(o), players, { seed: 'ab' });
    expect(game.ok ? null : game.error.code).toBe(code);
  });

  test('a 52-card deck holds 2..A of every suit and deals six players with a talon of 16', () => {
    const game = createGame(options({ deck_size: 52, player_count: 6 }), ['a', 'b', 'c', 'd', 'e', 'f'], { seed: 'fifty-two' });
    if (!game.ok) throw new Error(game.error.message);
    const all = [...game.state.hands.flat(), ...game.state.talon];
    expect(new Set(all.map(cardCode)).size).toBe(52);
    expect(all.filter((c) => c.rank === '2')).toHaveLength(4);
    expect(game.state.talon).toHaveLength(16);
  });

  test('refuses a deck with a missing or doubled card', () => {
    const deck = orderedDeck(36);
    deck[1] = deck[0]!;
    const game = createGame(options(), two, { deck });
    expect(game.ok ? null : game.error.code).toBe(ENGINE_ERRORS.badDeck);
  });

  test('refuses two players with the same id', () => {
    const game = createGame(options(), ['ann', 'ann'], { seed: 'ab' });
    expect(game.ok ? null : game.error.code).toBe(ENGINE_ERRORS.optionPlayers);
  });
});

describe('provably fair shuffle', () => {
  const seed = '9f86d081884c7d659a2feaa0c55ad015';

  test('the same seed deals the same game; another seed deals another', () => {
    const a = createGame(options(), two, { seed });
    const b = createGame(options(), two, { seed });
    const c = createGame(options(), two, { seed: `${seed}0` });
    if (!a.ok || !b.ok || !c.ok) throw new Error('deal failed');
    expect(a.state).toEqual(b.state);
    expect(c.state.hands).not.toEqual(a.state.hands);
  });

  test('publishes sha256(seed) from the deal on and reveals the seed only at the end', () => {
    const game = createGame(options(), two, { seed });
    if (!game.ok) throw new Error(game.error.message);
    const view = viewFor(game.state, 'ann');
    expect(view.seed_hash).toBe(sha256Hex(seed));
    expect(view.seed).toBeNull();
    expect(JSON.stringify(view)).not.toContain(seed);
  });

  test('anyone can re-deal a game from its revealed seed', () => {
    const game = createGame(options({ player_count: 3 }), ['a', 'b', 'c'], { seed });
    if (!game.ok) throw new Error(game.error.message);
    const redealt = dealFromSeed(seed, 36, 3);
    expect(redealt.hands).toEqual(game.state.hands);
    expect(redealt.talon).toEqual(game.state.talon);
    expect(redealt.trump_card).toEqual(game.state.trump_card);
    expect(redealt.seed_hash).toBe(game.state.seed_hash);
  });

  test('the shuffle puts every card first about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3600; i++) {
      const first = cardCode(dealFromSeed(`s${i}`, 36, 2).deck[0]!);
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    expect(counts.size).toBe(36);
    for (const n of counts.values()) expect(n).toBeGreaterThan(50);
  });

  test('the 52-card shuffle puts every card first about equally often, and a re-deal matches the game', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5200; i++) {
      const first = cardCode(dealFromSeed(`s${i}`, 52, 2).deck[0]!);
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    expect(counts.size).toBe(52);
    for (const n of counts.values()) expect(n).toBeGreaterThan(50);
    const game = createGame(options({ deck_size: 52, player_count: 4 }), ['a', 'b', 'c', 'd'], { seed: 'redeal-52' });
    if (!game.ok) throw new Error(game.error.message);
    const redealt = dealFromSeed('redeal-52', 52, 4);
    expect(redealt.hands).toEqual(game.state.hands);
    expect(redealt.talon).toEqual(game.state.talon);
  });
});

test('speed mode halves the turn timer', () => {
  expect(turnSeconds({ is_speed_mode: false })).toBe(30);
  expect(turnSeconds({ is_speed_mode: true })).toBe(15);
});

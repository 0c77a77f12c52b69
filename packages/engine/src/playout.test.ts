// Property tests over whole games: random legal play, bot play and (in cheating rooms) random
// cheats, for every combination of options.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyAction } from './apply.js';
import { chooseAction } from './bot.js';
import { cardCode, isSameCard, type Card } from './cards.js';
import { createGame } from './create-game.js';
import { legalActions } from './legal.js';
import { DEFAULT_OPTIONS, type GameOptions } from './options.js';
import { optionsArb } from './test-arbitraries.js';
import type { Action, GameState, GameView, Rng } from './types.js';
import { viewFor } from './view.js';

const MAX_ACTIONS = 3000;

const seedArb = fc
  .array(fc.integer({ min: 0, max: 15 }), { minLength: 8, maxLength: 16 })
  .map((digits) => digits.map((d) => d.toString(16)).join(''));

function seededRng(seed: number): Rng {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

function allCards(state: GameState): Card[] {
  const cards = [...state.hands.flat(), ...state.talon, ...state.discard];
  for (const slot of state.slots) {
    cards.push(slot.attack_card);
    if (slot.defense_card !== null) cards.push(slot.defense_card);
  }
  return cards;
}

function cardsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.suit === 'string' && typeof o.rank === 'string') out.push(cardCode(o as unknown as Card));
    else for (const v of Object.values(o)) cardsIn(v, out);
  }
  return out;
}

const key = (a: Action): string => JSON.stringify(a);

function checkInvariants(state: GameState): void {
  const cards = allCards(state).map(cardCode);
  expect(cards).toHaveLength(state.options.deck_size);
  expect(new Set(cards).size).toBe(cards.length);
  for (const [seat, player] of state.players.entries()) {
    const view = viewFor(state, player);
    const visible = new Set([...view.hand, ...state.slots.flatMap((s) => [s.attack_card, s.defense_card ?? s.attack_card])].map(cardCode));
    if (view.trump_card !== null) visible.add(cardCode(view.trump_card));
    for (const code of cardsIn(view)) expect(visible.has(code), `${player} sees ${code}`).toBe(true);
    expect(view.hand).toEqual(state.hands[seat]);
    if (state.phase !== 'finished') expect(view.seed).toBeNull();
    const fromState = legalActions(state, player).map(key).sort();
    const fromView = legalActions(view, player).map(key).sort();
    if (view.trump_suit !== null) expect(fromView).toEqual(fromState);
    else for (const a of fromState) expect(fromView).toContain(a);
  }
}

/** Every honest single-card move the engine accepts must be listed as legal. */
function checkNothingLegalIsMissing(state: GameState, player: string, legal: readonly Action[]): void {
  if (state.options.is_cheating_allowed) return;
  const seat = state.players.indexOf(player);
  const listed = new Set(legal.map(key));
  const candidates: Action[] = [];
  for (const c of state.hands[seat]!) {
    candidates.push({ type: 'attack', player, cards: [c] }, { type: 'transfer', player, card: c });
    for (const slot of state.slots) candidates.push({ type: 'defence', player, slot_id: slot.slot_id, card: c });
  }
  candidates.push({ type: 'beat', player }, { type: 'take', player });
  for (const a of candidates) if (applyAction(state, a).ok) expect(listed.has(key(a)), `accepted but not listed: ${key(a)}`).toBe(true);
}

function randomCheat(state: GameState, player: string, rng: Rng): Action | null {
  const cards = state.hands[state.players.indexOf(player)]!;
  const c = cards[Math.floor(rng() * cards.length)];
  if (c === undefined) return null;
  const slot = state.slots[Math.floor(rng() * state.slots.length)];
  const pick = rng();
  if (pick < 0.4 || slot === undefined) return { type: 'attack', player, cards: [c] };
  if (pick < 0.8) return { type: 'defence', player, slot_id: slot.slot_id, card: c };
  return { type: 'transfer', player, card: c };
}

type Strategy = 'random' | 'bot';

function playout(options: GameOptions, seed: string, strategy: Strategy, rngSeed: number, isChecked: boolean) {
  const players = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].slice(0, options.player_count);
  const created = createGame(options, players, { seed });
  if (!created.ok) throw new Error(created.error.message);
  const rng = seededRng(rngSeed);
  const actions: Action[] = [];
  let state = created.state;
  while (state.phase !== 'finished') {
    expect(actions.length).toBeLessThan(MAX_ACTIONS);
    if (isChecked) checkInvariants(state);
    const offset = Math.floor(rng() * players.length);
    let chosen: Action | null = null;
    for (let i = 0; i < players.length && chosen === null; i++) {
      const player = players[(offset + i) % players.length]!;
      const legal = legalActions(state, player);
      if (isChecked) {
        for (const a of legal) expect(applyAction(state, a).ok, `listed but refused: ${key(a)}`).toBe(true);
        checkNothingLegalIsMissing(state, player, legal);
      }
      if (legal.length === 0) continue;
      const roll = rng();
      if (options.is_cheating_allowed && roll < 0.1) {
        const cheat = randomCheat(state, player, rng);
        if (cheat !== null && applyAction(state, cheat).ok) chosen = cheat;
        continue;
      }
      if (roll < 0.12) continue; // leave this one to the timer now and then
      const playable = legal.filter((a) => a.type !== 'surrender' || roll > 0.995);
      if (strategy === 'bot') chosen = chooseAction(viewFor(state, player) as GameView, playable, rng);
      else chosen = playable[Math.floor(rng() * playable.length)] ?? null;
    }
    const result = applyAction(state, chosen ?? { type: 'timeout' });
    if (!result.ok) throw new Error(`refused ${key(chosen ?? { type: 'timeout' })}: ${result.error.code}`);
    expect(result.state.seq).toBe(state.seq + 1);
    actions.push(chosen ?? { type: 'timeout' });
    state = result.state;
  }
  return { created: created.state, state, actions };
}

function checkOutcome(state: GameState): void {
  const results = state.results;
  expect(results.every((r) => r !== null)).toBe(true);
  const count = (r: string) => results.filter((x) => x === r).length;
  if (state.options.is_team_mode === true) {
    // Two against two: a draw for all, or one team (seats 0+2 or 1+3) lost and the other won.
    if (count('draw') > 0) expect(count('draw')).toBe(4);
    else
      expect([
        ['victory', 'defeat', 'victory', 'defeat'],
        ['defeat', 'victory', 'defeat', 'victory'],
      ]).toContainEqual(results);
  } else if (state.options.is_classic_mode_allowed) {
    if (count('draw') > 0) {
      expect(state.options.is_draw_allowed).toBe(true);
      expect(count('defeat')).toBe(0);
      expect(count('draw')).toBeGreaterThanOrEqual(2);
    } else expect(count('defeat')).toBe(1);
  } else if (count('draw') > 0) {
    expect(state.options.is_draw_allowed).toBe(true);
    expect(count('victory')).toBe(0);
  } else expect(count('victory')).toBe(1);
}

describe('playouts', () => {
  test('random and bot games with every option: cards conserved, views private, legality consistent, one outcome', () => {
    fc.assert(
      fc.property(optionsArb, seedArb, fc.constantFrom<Strategy>('random', 'bot'), fc.integer(), (options, seed, strategy, rngSeed) => {
        const { state } = playout(options, seed, strategy, rngSeed, true);
        checkOutcome(state);
        checkInvariants(state);
        expect(viewFor(state, null).seed).toBe(seed);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  test('many more games end with a proper outcome', () => {
    fc.assert(
      fc.property(optionsArb, seedArb, fc.constantFrom<Strategy>('random', 'bot'), fc.integer(), (options, seed, strategy, rngSeed) => {
        checkOutcome(playout(options, seed, strategy, rngSeed, false).state);
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  test('the same seed and the same actions give the same states', () => {
    fc.assert(
      fc.property(optionsArb, seedArb, fc.integer(), (options, seed, rngSeed) => {
        const first = playout(options, seed, 'random', rngSeed, false);
        let state = first.created;
        for (const action of first.actions) {
          const result = applyAction(state, action);
          if (!result.ok) throw new Error(result.error.code);
          state = result.state;
        }
        expect(state).toEqual(first.state);
      }),
      { numRuns: 50 },
    );
  }, 120_000);

  test('no card ever sits in two places during a bot game between six players', () => {
    const options: GameOptions = { ...DEFAULT_OPTIONS, player_count: 6, is_transfer_allowed: true, is_draw_allowed: true };
    const { state } = playout(options, 'six-at-the-table', 'bot', 7, true);
    expect(allCards(state).every((c, i, all) => all.findIndex((o) => isSameCard(o, c)) === i)).toBe(true);
  }, 60_000);
});

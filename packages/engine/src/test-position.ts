// Test fixtures: a position written the way a player would describe it, in card notation.
import { expect } from 'vitest';
import { applyAction } from './apply.js';
import { card, cardCode, hand } from './cards.js';
import { DEFAULT_OPTIONS, type GameOptions } from './options.js';
import type { Action, GameEvent, GameState, SeatResult } from './types.js';

export const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'] as const;

export interface PositionSpec {
  readonly options?: Partial<GameOptions>;
  /** Hands by seat: ann, bob, cat, ... */
  readonly hands: readonly string[];
  /** The talon from the next card drawn to the trump card (its last card). */
  readonly talon?: string;
  /** The trump card when the talon is empty (already drawn). */
  readonly trump?: string;
  readonly attacker?: number;
  readonly defender?: number;
  /** Attack cards (by the lead attacker) and, optionally, the cards that beat them. */
  readonly table?: readonly (readonly [string, string?])[];
  readonly discard?: string;
  readonly is_first_discard_done?: boolean;
  readonly is_taking?: boolean;
  readonly results?: readonly (SeatResult | null)[];
}

export function position(spec: PositionSpec): GameState {
  const n = spec.hands.length;
  const talon = hand(spec.talon ?? '');
  const trumpCard = talon.length > 0 ? talon[talon.length - 1]! : card(spec.trump ?? '6S');
  const attacker = spec.attacker ?? 0;
  const options: GameOptions = { ...DEFAULT_OPTIONS, player_count: n, ...spec.options };
  const table = spec.table ?? [];
  return {
    options,
    players: NAMES.slice(0, n),
    hands: spec.hands.map((h) => hand(h)),
    talon,
    trump_card: trumpCard,
    is_trump_revealed: !options.secret_trump_mode || talon.length === 0,
    discard: hand(spec.discard ?? ''),
    is_first_discard_done: spec.is_first_discard_done ?? spec.discard !== undefined,
    slots: table.map(([attack, defence], i) => ({
      slot_id: i + 1,
      attacker,
      attack_card: card(attack),
      defense_card: defence === undefined ? null : card(defence),
      is_attack_cheat: false,
      is_defense_cheat: false,
    })),
    next_slot_id: table.length + 1,
    attacker,
    defender: spec.defender ?? (attacker + 1) % n,
    phase: 'play',
    is_taking: spec.is_taking ?? false,
    passed: [],
    window_passed: [],
    cheat_banned: [],
    catch_banned: [],
    finishing_order: [],
    results: spec.results ?? Array.from({ length: n }, () => null),
    expiries: Array.from({ length: n }, () => 0),
    seq: 0,
    seed: null,
    seed_hash: null,
  };
}

/** Applies actions that must all be accepted; returns the last state and every event. */
export function play(state: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } {
  let current = state;
  const events: GameEvent[] = [];
  for (const action of actions) {
    const result = applyAction(current, action);
    if (!result.ok) throw new Error(`refused ${JSON.stringify(action)}: ${result.error.code} ${result.error.message}`);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

/** The code an action is refused with (fails the test when it is accepted). */
export function refusal(state: GameState, action: Action): string {
  const result = applyAction(state, action);
  expect(result.ok, `expected ${JSON.stringify(action)} to be refused`).toBe(false);
  return result.ok ? '' : result.error.code;
}

export const attack = (player: string, cards: string): Action => ({ type: 'attack', player, cards: hand(cards) });
export const defend = (player: string, slot_id: number, c: string): Action => ({ type: 'defence', player, slot_id, card: card(c) });
export const transfer = (player: string, c: string): Action => ({ type: 'transfer', player, card: card(c) });
export const beat = (player: string): Action => ({ type: 'beat', player });
export const take = (player: string): Action => ({ type: 'take', player });
export const catchSlot = (player: string, slot_id: number): Action => ({ type: 'catch', player, slot_id });
export const surrender = (player: string): Action => ({ type: 'surrender', player });
export const timeout: Action = { type: 'timeout' };

export function handOf(state: GameState, player: string): string[] {
  const seat = state.players.indexOf(player);
  return state.hands[seat]!.map(cardCode).sort();
}

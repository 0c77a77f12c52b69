import { describe, expect, test } from 'vitest';
import { cardCode } from './cards.js';
import { createGame } from './create-game.js';
import { DEFAULT_OPTIONS } from './options.js';
import { attack, play, position } from './test-position.js';
import { viewFor } from './view.js';

describe('views', () => {
  const game = createGame({ ...DEFAULT_OPTIONS, player_count: 3 }, ['ann', 'bob', 'cat'], { seed: 'c0ffee' });
  if (!game.ok) throw new Error(game.error.message);
  const state = game.state;

  test("a player sees their own hand and only the number of everyone else's cards", () => {
    const view = viewFor(state, 'ann');
    expect(view.hand).toEqual(state.hands[0]);
    expect(view.seats.bob).toEqual({ position: 1, player: { player_id: 'bob' }, card_count: 6, result: null });
    const text = JSON.stringify(view);
    for (const c of [...state.hands[1]!, ...state.hands[2]!]) {
      if (cardCode(c) !== cardCode(state.trump_card)) expect(text).not.toContain(JSON.stringify(c));
    }
  });

  test('a spectator sees no hand, the talon only as a count, and no seed', () => {
    const view = viewFor(state, null);
    expect(view.hand).toEqual([]);
    expect(view.talon_count).toBe(18);
    expect(view.seed).toBeNull();
    expect(view.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(view.status).toBe('in_progress');
  });

  test('the turn names the attacker and the defender, the table names who played each card', () => {
    const start = position({ hands: ['6H 7C', '7H 9S'], talon: '9C 9D 6S' });
    const view = viewFor(play(start, attack('ann', '6H')).state, 'bob');
    expect(view.turn).toEqual({ current_attacker_user_id: 'ann', current_defender_user_id: 'bob' });
    expect(view.round.slots).toEqual([
      { slot_id: 1, attacker: 'ann', attack_card: { suit: 'hearts', rank: '6' }, defender: 'bob', defense_card: null },
    ]);
    expect(view.seq).toBe(1);
  });
});

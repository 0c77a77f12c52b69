import { DEFAULT_OPTIONS, applyAction, awaited, createGame, legalActions, viewFor, type GameOptions, type GameState } from '@durak/engine';
import type { BotLevel } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { botMove, safeMove } from './bot-move.js';

const options = (patch: Partial<GameOptions>): GameOptions => ({ ...DEFAULT_OPTIONS, player_count: 3, ...patch });

/** Every seat a bot of `level`: each awaited player moves from its own view until the game ends. */
function botsOnly(game: GameOptions, level: BotLevel, seed: string): GameState {
  const players = Array.from({ length: game.player_count }, (_, i) => `b${i}`);
  const created = createGame(game, players, { seed });
  if (!created.ok) throw new Error(created.error.code);
  let state = created.state;
  for (let step = 0; step < 3000 && state.phase !== 'finished'; step++) {
    const player = awaited(state).players[0]!;
    const view = viewFor(state, player);
    const choice = botMove(view, level, `${seed}:${step}`);
    expect(choice, `no move for ${player}`).not.toBeNull();
    expect(botMove(view, level, `${seed}:${step}`)).toEqual(choice);
    let applied = applyAction(state, choice!);
    // Secret trump: the view cannot tell trumps, so the bot's fallback is its safe move.
    if (!applied.ok && game.secret_trump_mode) applied = applyAction(state, safeMove(view)!);
    if (!applied.ok) throw new Error(`${level} bot's ${choice!.type} refused: ${applied.error.code}`);
    if (!game.secret_trump_mode) expect(legalActions(state, player)).toContainEqual(choice);
    state = applied.state;
  }
  return state;
}

describe('botMove', () => {
  it.each(['easy', 'normal', 'hard'] as const)('%s: a legal, repeatable move from the view alone, to the end of the game', (level) => {
    expect(botsOnly(options({}), level, `m-${level}`).phase).toBe('finished');
    expect(botsOnly(options({ player_count: 2, deck_size: 24, is_transfer_allowed: true }), level, `t-${level}`).phase).toBe('finished');
    expect(botsOnly(options({ player_count: 4, secret_trump_mode: true, is_draw_allowed: true }), level, `s-${level}`).phase).toBe(
      'finished',
    );
  });

  // FEATURES.md §16: two against two on 52 cards (its own test: a hard game of 52 cards takes ~15 s).
  it.each(['easy', 'normal', 'hard'] as const)(
    '%s: plays two against two on 52 cards to the end',
    (level) => {
      const team = options({ player_count: 4, deck_size: 52, is_team_mode: true, is_transfer_allowed: true });
      expect(botsOnly(team, level, `team-${level}`).phase).toBe('finished');
    },
    120_000,
  );

  it('a spectator view has no move', () => {
    const created = createGame(options({}), ['a', 'b', 'c'], { seed: 'spectator' });
    if (!created.ok) throw new Error(created.error.code);
    expect(botMove(viewFor(created.state, null), 'normal', 'x')).toBeNull();
  });
});

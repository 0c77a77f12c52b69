// Test fixtures: random inputs for the property tests over whole games.
import fc from 'fast-check';
import type { GameOptions } from './options.js';

/**
 * Every room the rules allow: any deck, seat count, transfer, draw, ending, secret trump, cheating,
 * speed, team mode and the seat order of games dealt before issue 40; a 24-card deck seats at most
 * four, a room has exactly one ending, and team mode is for four players only.
 */
export const optionsArb: fc.Arbitrary<GameOptions> = fc
  .record({
    deck_size: fc.constantFrom(24 as const, 36 as const, 52 as const),
    player_count: fc.integer({ min: 2, max: 6 }),
    is_transfer_allowed: fc.boolean(),
    card_transfer_permission: fc.constantFrom('ALL_PLAYERS' as const, 'NEIGHBORS_ONLY' as const),
    is_draw_allowed: fc.boolean(),
    is_death_match_allowed: fc.boolean(),
    secret_trump_mode: fc.boolean(),
    is_cheating_allowed: fc.boolean(),
    is_speed_mode: fc.boolean(),
    is_team_mode: fc.boolean(),
    is_legacy_seat_order: fc.boolean(),
  })
  .map((options) => {
    const playerCount = options.deck_size === 24 ? Math.min(options.player_count, 4) : options.player_count;
    return {
      ...options,
      is_classic_mode_allowed: !options.is_death_match_allowed,
      player_count: playerCount,
      is_team_mode: options.is_team_mode && playerCount === 4,
    };
  });

import { describe, expect, it } from 'vitest';
import { parseTournamentEvent } from './tournament-events';

describe('reading the tournament channel', () => {
  it('reads each message the server publishes', () => {
    expect(parseTournamentEvent({ type: 'players_changed', tournament_id: 4, round: 2, eliminated: [7, 'x', 9] }, 4)).toEqual({
      type: 'players_changed',
      round: 2,
      eliminated: [7, 9],
    });
    expect(
      parseTournamentEvent(
        {
          type: 'round_started',
          tournament_id: 4,
          round: 1,
          is_final: false,
          rooms: [{ id: 3, round: 1, status: 'in_progress', player_count: 4 }, { bad: 1 }],
        },
        4,
      ),
    ).toEqual({
      type: 'round_started',
      round: 1,
      isFinal: false,
      rooms: [{ id: 3, round: 1, status: 'in_progress', player_count: 4 }],
    });
    expect(parseTournamentEvent({ type: 'tournament_seated', tournament_id: 4, round: 1, room_id: 12 }, 4)).toEqual({
      type: 'tournament_seated',
      round: 1,
      roomId: 12,
    });
    expect(parseTournamentEvent({ type: 'tournament_bye', tournament_id: 4, round: 2 }, 4)).toEqual({ type: 'tournament_bye', round: 2 });
    expect(parseTournamentEvent({ type: 'tournament_changed', tournament_id: 4, tournament: { id: 4, status: 'running' } }, 4)?.type).toBe(
      'tournament_changed',
    );
  });

  it('ignores another tournament, a wallet change and junk', () => {
    expect(parseTournamentEvent({ type: 'tournament_seated', tournament_id: 5, round: 1, room_id: 12 }, 4)).toBeNull();
    expect(parseTournamentEvent({ type: 'wallet_changed', tournament_id: 4, amount: '-100' }, 4)).toBeNull();
    expect(parseTournamentEvent({ type: 'tournament_changed', tournament_id: 4, tournament: { id: 5 } }, 4)).toBeNull();
    expect(parseTournamentEvent('hello', 4)).toBeNull();
    expect(parseTournamentEvent(null, 4)).toBeNull();
  });
});

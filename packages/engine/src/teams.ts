// Two against two (FEATURES.md §16): partners sit opposite, seats 0+2 and 1+3 of four. Who may
// attack, throw in on and transfer to whom is in board.ts (`isPartner`, `nextOpponent`,
// `throwers`); here is only how a team game ends.
import type { GameOptions } from './options.js';
import type { SeatResult } from './types.js';

export function isTeamMode(options: Pick<GameOptions, 'is_team_mode'>): boolean {
  return options.is_team_mode === true;
}

/** A seat's team: 0 for seats 0 and 2, 1 for seats 1 and 3. */
export function teamOf(seat: number): number {
  return seat & 1;
}

/** Every seat's result once the game is decided: the losing team's seats lose, the others win; null = a draw for all. */
export function teamResults(playerCount: number, losingTeam: number | null): SeatResult[] {
  const results: SeatResult[] = [];
  for (let seat = 0; seat < playerCount; seat++) {
    results.push(losingTeam === null ? 'draw' : teamOf(seat) === losingTeam ? 'defeat' : 'victory');
  }
  return results;
}

/**
 * Whether a team game is decided after a bout, and how: `undefined` = it goes on (both teams still
 * hold cards); a team number = that team loses; null = a draw. `newlyOut` are the players who
 * emptied their hands with the talon gone in this bout (in finishing order), `stillIn` the rest.
 */
export function teamOutcome(
  options: Pick<GameOptions, 'is_death_match_allowed' | 'is_draw_allowed'>,
  newlyOut: readonly number[],
  stillIn: readonly number[],
  lastDefender: number,
): number | null | undefined {
  if (options.is_death_match_allowed) {
    // Death match: the team of the first player out wins; first-outs of both teams at once draw when allowed.
    const winners = options.is_draw_allowed && newlyOut.length > 1 ? newlyOut : newlyOut.slice(0, 1);
    const winningTeams = new Set(winners.map(teamOf));
    return winningTeams.size > 1 ? null : 1 - teamOf(winners[0]!);
  }
  const teamsIn = new Set(stillIn.map(teamOf));
  if (teamsIn.size > 1) return undefined;
  // The team of the last player holding cards loses (the durak's team).
  if (teamsIn.size === 1) return teamOf(stillIn[0]!);
  // Nobody holds cards: a draw where allowed, else the last defender is the durak.
  return options.is_draw_allowed ? null : teamOf(lastDefender);
}

import { describe, expect, it } from 'vitest';
import { runRedTeam } from './red-team.js';

// The small red team (FEATURES.md §12; the bigger one is `npm run bench integrity`): honest bots
// beside a dumping ring, a soft-play pair, a timing bot and a seat left to the stand-in.
describe('the fair-play red team', () => {
  it('flags every abuser within its bound and no honest player', async () => {
    // The deals are the server's random shuffles: the soft-play pair was found after 4 to 11 shared
    // games in five runs, so it gets up to 40 rounds, and the run stops once everyone is found (at
    // 14 rounds at the earliest, so the honest players play as many games as before).
    const result = await runRedTeam({ honest: 12, honestGamesPerRound: 2, rounds: 40, stopWhenFoundFrom: 14, feeders: 3 });
    // Every dumping ring within 10 games per feeder.
    for (const games of result.dumpingGamesPerFeeder) expect(games).not.toBeNull();
    for (const games of result.dumpingGamesPerFeeder) expect(games!).toBeLessThanOrEqual(10);
    // A timing bot within 200 moves; a soft-play pair within 100 shared games; the stand-in's seat.
    expect(result.timingBotMoves).not.toBeNull();
    expect(result.timingBotMoves!).toBeLessThanOrEqual(200);
    expect(result.softPlayGames).not.toBeNull();
    expect(result.softPlayGames!).toBeLessThanOrEqual(100);
    expect(result.standInGames).not.toBeNull();
    expect(result.honestFlagged).toBe(0);
  }, 300_000);
});

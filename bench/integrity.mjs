// The fair-play red team (FEATURES.md §12): honest bots beside a dumping ring, a soft-play pair, a
// timing bot and an account that leaves its bet seats to the stand-in, every game through the
// server's own services on the embedded database with a hand-moved clock (so decision times are a
// person's or a bot's), the background scan run after each round. Prints, per kind, how many games
// (moves for the timing bot) until its accounts sat in an open case, and how many honest players
// were flagged. Figures only. Imports the built server.
import { runRedTeam } from '../apps/server/dist/simulation/red-team.js';

const honest = Number(process.env.INTEGRITY_BENCH_HONEST ?? 50);
// At most `rounds` rounds (the soft-play pair plays one shared game a round, and its bound is 100
// shared games), stopping at the end of the first round from `minRounds` on in which every abuser is
// in a case: the honest players always play `minRounds` rounds, so their false flags are comparable.
const rounds = Number(process.env.INTEGRITY_BENCH_ROUNDS ?? 100);
const minRounds = Math.min(rounds, Number(process.env.INTEGRITY_BENCH_MIN_ROUNDS ?? 30));
const perRound = Number(process.env.INTEGRITY_BENCH_HONEST_GAMES ?? 6);
const feeders = Number(process.env.INTEGRITY_BENCH_FEEDERS ?? 6);
const seed = Number(process.env.INTEGRITY_BENCH_SEED ?? 42);

const started = performance.now();
const result = await runRedTeam({
  honest,
  honestGamesPerRound: perRound,
  rounds,
  stopWhenFoundFrom: minRounds,
  feeders,
  seed,
  log: (line) => console.log(`  ${line}`),
});
const seconds = (performance.now() - started) / 1000;
const show = (value, unit) => (value === null ? `not flagged within ${rounds} rounds` : `${value} ${unit}`);
console.log(`red team: ${honest} honest players, ${result.rounds} rounds, ${result.games} games in ${seconds.toFixed(1)} s (seed ${seed})`);
console.log(
  `  dumping ring, games per feeder until flagged: ${result.dumpingGamesPerFeeder.map((g) => (g === null ? '-' : g)).join(' ')} (bound 10)`,
);
console.log(`  soft-play pair: ${show(result.softPlayGames, 'shared games')} (bound 100)`);
console.log(`  timing bot: ${show(result.timingBotMoves, 'moves')} (bound 200)`);
console.log(`  seat left to the stand-in: ${show(result.standInGames, 'games')}`);
console.log(`  honest players flagged: ${result.honestFlagged} of ${result.honestPlayers} (bound 1 in 50)`);

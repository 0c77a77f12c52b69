// npm run simulate -- --games N --players K [--url URL] [--concurrency C]
// Plays N games of K headless players through the real HTTP API and the real centrifuge client,
// against a running server (--url; start it with AUTH_RATE_LIMIT=0) or one started here, and
// prints games/s and action-to-delivery latency percentiles.
import { parseArgs } from 'node:util';
import { startLocalServer } from './simulation/local-server.js';
import { runSimulation } from './simulation/run-simulation.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10' },
    players: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '10' },
    url: { type: 'string' },
  },
  allowPositionals: false,
});
const games = Number(values.games);
const players = Number(values.players);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive whole number');
if (!Number.isInteger(players) || players < 2 || players > 6) throw new Error('--players must be 2 to 6');
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a positive whole number');

const local = values.url ? undefined : await startLocalServer();
const url = values.url ?? local!.url;
console.log(`simulating ${games} games of ${players} players (${concurrency} at a time) against ${url}${local ? ' (started here)' : ''}`);
try {
  const result = await runSimulation({ url, games, players, concurrency, log: (line) => console.log(`  ${line}`) });
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    [
      `games:        ${result.games} in ${result.seconds.toFixed(1)} s = ${result.gamesPerSecond.toFixed(2)} games/s`,
      `actions:      ${result.actions} = ${result.actionsPerSecond.toFixed(0)} actions/s`,
      `latency:      p50 ${ms(result.latencyMs.p50)}, p90 ${ms(result.latencyMs.p90)}, p99 ${ms(result.latencyMs.p99)}, max ${ms(result.latencyMs.max)} (${result.latencyMs.samples} samples, action sent -> turn publication received)`,
      `errors:       ${result.errors}`,
    ].join('\n'),
  );
} finally {
  await local?.close();
}
process.exit(0);

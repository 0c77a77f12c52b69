// Engine throughput: complete random games per second and actions per second, single core.
// Every action is chosen from legalActions, computed before each action (as a server or bot
// would). Prints the median of several runs for 2, 4 and 6 players on 36 cards.
import { DEFAULT_OPTIONS, applyAction, createGame, legalActions } from '@durak/engine';
// The compact core the hard bot simulates on is internal to the engine: read from its build.
import { simOf } from '../packages/engine/dist/sim.js';
import { playOut } from '../packages/engine/dist/sim-playout.js';

let rngState = 0x9e3779b9;
function rng() {
  // xorshift32: the benchmark's own choices, not the engine's deal.
  rngState ^= rngState << 13;
  rngState ^= rngState >>> 17;
  rngState ^= rngState << 5;
  return (rngState >>> 0) / 0x100000000;
}

function playRandomGame(options, players, seed) {
  const created = createGame(options, players, { seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  let actions = 0;
  while (state.phase !== 'finished') {
    const offset = Math.floor(rng() * players.length);
    let chosen = null;
    for (let i = 0; i < players.length && chosen === null; i++) {
      const legal = legalActions(state, players[(offset + i) % players.length]);
      // Surrender is always listed (last); leave it out so games are played to the end.
      const count = legal.length > 0 && legal[legal.length - 1].type === 'surrender' ? legal.length - 1 : legal.length;
      if (count > 0) chosen = legal[Math.floor(rng() * count)];
    }
    const result = applyAction(state, chosen ?? { type: 'timeout' });
    if (!result.ok) throw new Error(`refused ${JSON.stringify(chosen)}: ${result.error.code}`);
    state = result.state;
    actions++;
  }
  return actions;
}

function measure(playerCount, runs = 5, millis = 1000) {
  const options = { ...DEFAULT_OPTIONS, deck_size: 36, player_count: playerCount };
  const players = Array.from({ length: playerCount }, (_, i) => `player-${i}`);
  const samples = [];
  let seedCounter = 0;
  for (let run = 0; run < runs; run++) {
    let games = 0;
    let actions = 0;
    // CPU time of this process, not wall time: the machine is shared, and a benchmark that
    // counts other processes' time slices measures the neighbours, not the engine.
    const start = process.cpuUsage();
    let elapsed = 0;
    while (elapsed < millis) {
      for (let i = 0; i < 50; i++) actions += playRandomGame(options, players, `bench-${seedCounter++}`);
      games += 50;
      const used = process.cpuUsage(start);
      elapsed = (used.user + used.system) / 1000;
    }
    samples.push({
      gamesPerSecond: (games / elapsed) * 1000,
      actionsPerSecond: (actions / elapsed) * 1000,
      actionsPerGame: actions / games,
    });
  }
  const median = (key) => samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return {
    gamesPerSecond: median('gamesPerSecond'),
    actionsPerSecond: median('actionsPerSecond'),
    actionsPerGame: median('actionsPerGame'),
  };
}

/** Games per CPU-second on the compact core: the deal from createGame, then every seat on the normal policy. */
function measureCore(playerCount, runs, millis = 1000) {
  const options = { ...DEFAULT_OPTIONS, deck_size: 36, player_count: playerCount };
  const players = Array.from({ length: playerCount }, (_, i) => `player-${i}`);
  const deals = Array.from({ length: 256 }, (_, i) => createGame(options, players, { seed: `core-${i}` }).state);
  const samples = [];
  for (let run = 0; run < runs; run++) {
    let games = 0;
    const start = process.cpuUsage();
    let elapsed = 0;
    while (elapsed < millis) {
      for (let i = 0; i < 200; i++) playOut(simOf(deals[(games + i) & 255]), 0, rng);
      games += 200;
      const used = process.cpuUsage(start);
      elapsed = (used.user + used.system) / 1000;
    }
    samples.push((games / elapsed) * 1000);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

const runs = Number(process.env.BENCH_RUNS ?? 5);
/** CPU milliseconds per run (the smoke run in e2e/benches.test.ts takes a few). */
const millis = Number(process.env.BENCH_MILLIS ?? 1000);
console.log(`engine: random legal playouts, 36 cards, median of ${runs} runs of ${millis / 1000} CPU-second each, single core`);
for (const playerCount of [2, 4, 6]) {
  const m = measure(playerCount, runs, millis);
  console.log(
    `  ${playerCount} players: ${Math.round(m.gamesPerSecond).toLocaleString('en')} games/s, ` +
      `${Math.round(m.actionsPerSecond).toLocaleString('en')} actions/s (${m.actionsPerGame.toFixed(1)} actions/game)`,
  );
}
console.log(
  `compact core (sim.ts, what the hard bot searches with): whole games from a dealt state, every seat on the normal policy, median of ${runs} runs`,
);
for (const playerCount of [2, 4, 6]) {
  console.log(`  ${playerCount} players: ${Math.round(measureCore(playerCount, runs, millis)).toLocaleString('en')} games/s`);
}

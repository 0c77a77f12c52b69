import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every benchmark, run once with tiny counts on the built product: `npm run bench` is nobody's
// test, so a bench broken by a change (a moved module, a changed signature) used to stay broken
// until someone measured. This checks that each one still runs to its end and prints figures;
// the figures themselves are not judged (a test never depends on wall-clock speed).
const root = fileURLToPath(new URL('..', import.meta.url));

/** Each bench with the settings that make it quick; the embedded database only, nothing shared. */
const SMOKE: Record<string, { env: Record<string, string>; prints: RegExp }> = {
  'admin-agents.mjs': {
    env: { AGENT_BENCH_PLAYERS_PER_LEAF: '2', AGENT_BENCH_OTHERS: '100', AGENT_BENCH_RUNS: '2' },
    prints: /figures\s+p50 [\d.]+ ms/,
  },
  'arena.mjs': {
    env: { ARENA_BENCH_PLAYERS: '8', ARENA_BENCH_MINUTE_SECONDS: '3' },
    prints:
      /arena of 8 players[\s\S]*from a partner being free: p50 [\d.]+ s[\s\S]*games per player: min \d+[\s\S]*sum over all accounts 0/,
  },
  'bandit.mjs': {
    env: { BANDIT_BENCH_SPINS: '20000', BANDIT_BENCH_PLAYERS: '2', BANDIT_BENCH_PER_PLAYER: '2' },
    prints: /simulated RTP [\d.]+%[\s\S]*API \(PGlite\): 2 players x 2 spins/,
  },
  'bots.mjs': { env: { BENCH_BOT_GAMES: '1' }, prints: /hard: decision median [\d.]+ ms/ },
  'economy.mjs': { env: { ECONOMY_BENCH_PER_CLIENT: '2' }, prints: /PGlite\s+ledger transfers\s+\d+\/s/ },
  'engine.mjs': { env: { BENCH_RUNS: '1', BENCH_MILLIS: '20' }, prints: /6 players: [\d,]+ games\/s/ },
  'integrity.mjs': {
    env: { INTEGRITY_BENCH_HONEST: '6', INTEGRITY_BENCH_ROUNDS: '2', INTEGRITY_BENCH_HONEST_GAMES: '1', INTEGRITY_BENCH_FEEDERS: '1' },
    prints: /honest players flagged: \d+ of 6/,
  },
  'ledger.mjs': { env: { LEDGER_BENCH_PER_CLIENT: '2' }, prints: /PGlite\s+raw transactions\s+\d+\/s/ },
  'lighthouse.mjs': { env: { LIGHTHOUSE_RUNS: '1' }, prints: /lighthouse mobile \/games\s+performance [\d.]+/ },
  'rating.mjs': {
    env: { RATING_BENCH_PLAYERS: '6000', RATING_BENCH_SAMPLES: '2' },
    prints: /PGlite rating table of 6000 players, period=week/,
  },
  'realtime.mjs': {
    env: { BENCH_CONNECTIONS: '20', BENCH_PUBLICATIONS: '50' },
    prints: /publications delivered per second: \d+ \(1000 deliveries/,
  },
  'rooms.mjs': {
    env: {
      BENCH_CONCURRENT_GAMES: '2',
      BENCH_PACED_SECONDS: '1',
      BENCH_RAMP_SECONDS: '1',
      BENCH_FLOOR_SECONDS: '1',
      BENCH_ROUNDS: '1',
      BENCH_ONLY: 'embedded',
    },
    prints: /\(a\) saturation\s+(\d+|-) moves\/s[\s\S]*over the round\s+\d+ actions\/s/,
  },
  'table-repaint.mjs': { env: {}, prints: /table repaint after a publication .*median [\d.]+ ms/ },
  'tournament.mjs': {
    env: { TOURNAMENT_BENCH_PLAYERS: '12', TOURNAMENT_BENCH_ROOM_SIZE: '6' },
    prints: /finished after \d+ rounds[\s\S]*sum over all accounts 0/,
  },
  'web-bundle.mjs': { env: {}, prints: /start route/ },
};

function run(file: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  // No DATABASE_URL or REDIS_URL: a bench must not write into the database the other tests use.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`bench/${file}`],
      { cwd: root, env: { ...inherited, ...env }, timeout: 240_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, out: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe('npm run bench', () => {
  it('has smoke settings for every bench (a new one must be added here)', () => {
    const benches = readdirSync(`${root}bench`).filter((f) => f.endsWith('.mjs') && f !== 'support.mjs');
    expect(benches.sort()).toEqual(Object.keys(SMOKE).sort());
  });

  for (const [file, { env, prints }] of Object.entries(SMOKE)) {
    it(`${file} runs to its end and prints its figures`, async () => {
      const { code, out } = await run(file, env);
      expect(out, out).toMatch(prints);
      expect(out).not.toMatch(/\bNaN\b/);
      expect(code, out).toBe(0);
    }, 300_000);
  }
});

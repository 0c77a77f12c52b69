// The slot machine (FEATURES.md §4), two figures:
// 1. The return over BANDIT_BENCH_SPINS (10 million) simulated spins, through `spinOutcome` — the
//    very function the spin call pays with (seeds -> HMAC -> rejection sampler -> strips ->
//    paytable) — set against the exact return enumerated from the strips, with the 99% band of
//    a mean of that many spins (exact RTP ± 2.576 · σ/√n, σ² the exact per-spin variance).
// 2. Spins per second through the HTTP API: BANDIT_BENCH_PLAYERS players each spinning
//    BANDIT_BENCH_PER_PLAYER times back to back, all at once, against a local server (PGlite in
//    memory, or DATABASE_URL when set). Imports the built server (npm run bench builds).
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { exactReturn } from '../apps/server/dist/bandit/exact-return.js';
import { newServerSeed, spinOutcome } from '../apps/server/dist/bandit/fair.js';
import { PAYTABLE, STRIPS } from '../apps/server/dist/bandit/machine.js';

/** A seed is rotated every this many spins, as a player would now and then. */
const SPINS_PER_SEED = 100_000;

function simulate(spins) {
  let total = 0;
  let hits = 0;
  let serverSeed = newServerSeed();
  const clientSeed = randomBytes(8).toString('hex');
  for (let i = 0; i < spins; i++) {
    if (i % SPINS_PER_SEED === 0) serverSeed = newServerSeed();
    const { multiplier } = spinOutcome(serverSeed, clientSeed, i % SPINS_PER_SEED);
    total += multiplier;
    if (multiplier > 0) hits++;
  }
  return { total, hits };
}

if (!isMainThread) {
  parentPort.postMessage(simulate(workerData.spins));
} else {
  await main();
}

async function simulation() {
  const spins = Number(process.env.BANDIT_BENCH_SPINS ?? 10_000_000);
  const threads = Math.max(1, Math.min(availableParallelism(), Number(process.env.BANDIT_BENCH_THREADS ?? 2)));
  const exact = exactReturn(STRIPS, PAYTABLE);
  const started = performance.now();
  const shares = Array.from({ length: threads }, (_, t) => Math.floor(spins / threads) + (t < spins % threads ? 1 : 0));
  const parts = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { spins: share } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const total = parts.reduce((s, p) => s + p.total, 0);
  const hits = parts.reduce((s, p) => s + p.hits, 0);
  const rtp = total / spins;
  const halfBand = 2.576 * Math.sqrt(exact.variance / spins);
  const pct = (x) => `${(x * 100).toFixed(4)}%`;
  const inside = Math.abs(rtp - exact.rtp) <= halfBand;
  console.log(
    `exact RTP ${pct(exact.rtp)} (${exact.totalMultiplier}/${exact.combinations}), hit frequency ${pct(exact.hitFrequency)} (${exact.hits}/${exact.combinations}), σ per spin ${Math.sqrt(exact.variance).toFixed(3)}`,
  );
  console.log(
    `simulated ${spins.toLocaleString('en')} spins in ${seconds.toFixed(1)} s on ${threads} threads (${Math.round(spins / seconds).toLocaleString('en')} spins/s, load ${loadavg()[0].toFixed(1)})`,
  );
  console.log(
    `simulated RTP ${pct(rtp)}, hit frequency ${pct(hits / spins)}; 99% band ${pct(exact.rtp - halfBand)} .. ${pct(exact.rtp + halfBand)}: ${inside ? 'inside' : 'OUTSIDE'}`,
  );
}

async function api() {
  const { startLocalServer } = await import('../apps/server/dist/simulation/local-server.js');
  const players = Number(process.env.BANDIT_BENCH_PLAYERS ?? 8);
  const perPlayer = Number(process.env.BANDIT_BENCH_PER_PLAYER ?? 150);
  const server = await startLocalServer();
  try {
    const post = async (path, body, token) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    // Names of this run only: on a DATABASE_URL that outlives the run, a second run must not collide.
    const run = Date.now().toString(36);
    const tokens = [];
    for (let p = 0; p < players; p++) {
      tokens.push(
        (await post('/api/user/registration', { username: `bandit_bench_${run}_${p}`, password: 'bench-password-1' })).access_token,
      );
    }
    const latencies = [];
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token, p) => {
        for (let i = 0; i < perPlayer; i++) {
          const at = performance.now();
          await post('/api/v1/bandit/spin', { bet: 10, balance_type: 'BONUS_BALANCE', idempotency_key: `bench-${p}-${i}` }, token);
          latencies.push(performance.now() - at);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `API (${db}): ${players} players x ${perPlayer} spins = ${players * perPlayer} spins in ${seconds.toFixed(1)} s: ${Math.round((players * perPlayer) / seconds)} spins/s; latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
    );
  } finally {
    await server.close();
  }
}

async function main() {
  // BANDIT_BENCH_SPINS=0 measures only the API.
  if (Number(process.env.BANDIT_BENCH_SPINS ?? 1) > 0) await simulation();
  await api();
}

// Game figures (issue #5), on one node with the embedded defaults (PGlite, in-memory broker) and
// again with PostgreSQL and Redis. The server runs as its own process (apps/server/dist/main.js);
// this process holds the players (HTTP + the real centrifuge client), so on a small machine the
// players' own CPU competes with the server's: the figures are a floor.
//
// Three runs per backend, each with 200 games of 2 players at the same time:
//  (a) saturation: players act the instant their view arrives (a closed loop). Its actions/s is
//      the node's capacity, printed against the raw rate of the same statements (below);
//  (b) paced: players think before every move, uniformly 1-3 s (a brisk human pace; the turn timer
//      is 30 s). The 200 tables sit down spread over the first 10 s, then moves are measured for a
//      fixed window. Its p50/p99 action-to-delivery is what a player feels;
//  (c) the closed loop's p50/p99, for completeness: with every game always waiting on the server,
//      latency there is queueing (about concurrency / throughput), not service time.
// Latency: from sending an action over HTTP to its `turn` publication arriving on a player's socket.
// Raw rate: the transaction one action runs — lockRoom (SELECT ... FOR UPDATE) and saveStep (the
// event row and the room's new state), the very functions the server calls, on a real game state —
// with nothing else (no HTTP, engine or publishing), over as many connections as the server has.
// Targets: paced p99 <= 50 ms; saturation actions/s >= 70% of the raw rate.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyAction, awaited, chooseAction, createGame, legalActions, viewFor } from '@durak/engine';
import pg from 'pg';
import { saveStep } from '../apps/server/dist/games/game-step.js';
import { lockRoom } from '../apps/server/dist/tables/room-store.js';
import { runSimulation } from '../apps/server/dist/simulation/run-simulation.js';
import { createStore } from '../apps/server/dist/store/db.js';
import { rooms } from '../apps/server/dist/store/rooms-schema.js';
import { users } from '../apps/server/dist/store/schema.js';

const concurrency = Number(process.env.BENCH_CONCURRENT_GAMES ?? 200);
const games = Number(process.env.BENCH_GAMES ?? concurrency);
const pacedSeconds = Number(process.env.BENCH_PACED_SECONDS ?? 30);
const think = { min: 1000, max: 3000 };
const rampSeconds = Number(process.env.BENCH_RAMP_SECONDS ?? 10);
const players = 2;
const rawSeconds = Number(process.env.BENCH_RAW_SECONDS ?? 5);
// The server's pool (store/db.ts default); PGlite is one connection whatever the worker count.
const serverPoolSize = 10;
const only = (process.env.BENCH_ONLY ?? 'embedded,postgres').split(',');

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'durak-bench-rooms-'));
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), 'apps/server/dist/main.js'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '0', JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'), ACTIONS_PER_SECOND: '10000', LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((r) => child.once('exit', r));
  let isStopped = false;
  return {
    url,
    async stop() {
      if (isStopped) return;
      isStopped = true;
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mid-game state (a dozen bot moves in), so the raw rate writes a state of realistic size. */
function midGameState() {
  const options = { deck_size: 36, player_count: 2, is_transfer_allowed: false, card_transfer_permission: 'ALL_PLAYERS', is_draw_allowed: false, is_death_match_allowed: false, is_classic_mode_allowed: true, secret_trump_mode: false, is_cheating_allowed: false, is_speed_mode: false };
  let { state } = createGame(options, ['1', '2'], { seed: randomBytes(32).toString('hex') });
  let last = { action: null, events: [] };
  const random = () => 0.5;
  for (let i = 0; i < 12 && state.phase !== 'finished'; i++) {
    const player = awaited(state).players[0];
    const action = chooseAction(viewFor(state, player), legalActions(viewFor(state, player), player), random);
    const applied = applyAction(state, action);
    if (!applied.ok) break;
    state = applied.state;
    last = { action, events: applied.events };
  }
  return { state, ...last };
}

/** Transactions per second of exactly what one action writes, `workers` at a time over `concurrency` rooms. */
async function rawRate(store, workers) {
  const step = midGameState();
  const [user] = await store.db.insert(users).values({ username: `bench_${randomBytes(3).toString('hex')}` }).returning({ id: users.id });
  const ids = [];
  for (let i = 0; i < concurrency; i++) {
    const [room] = await store.db
      .insert(rooms)
      .values({ creatorId: user.id, betAmount: 100n, balanceType: 'BONUS_BALANCE', playerCount: 2, deckSize: 36, isSpeedMode: false, isTransferAllowed: false, isCheatingAllowed: false, isDrawAllowed: false, isDeathMatchAllowed: false, isClassicModeAllowed: true, cardTransferPermission: 'ALL_PLAYERS', secretTrumpMode: false, status: 'in_progress', gameState: step.state })
      .returning({ id: rooms.id });
    ids.push(room.id);
  }
  const seqs = new Map(ids.map((id) => [id, step.state.seq]));
  let done = 0;
  const until = performance.now() + rawSeconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = w; performance.now() < until; i += workers) {
        const id = ids[i % ids.length];
        await store.withTransaction(async (tx) => {
          const room = await lockRoom(tx, id);
          // What the server does with the row it locked: parse nothing more, bump the seq, write.
          const seq = room.seq + 1;
          const now = new Date();
          await saveStep(tx, id, { after: { ...room.gameState, seq }, action: step.action, events: step.events }, { expiresAt: new Date(now.getTime() + 30_000), timerStartedAt: now, timeBanks: room.timeBanks, exitReasons: room.exitReasons });
          seqs.set(id, seq);
        });
        done++;
      }
    }),
  );
  return done / rawSeconds;
}

async function admin(url, statement) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const load = () => `load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
const ms = (v) => `${v.toFixed(1)} ms`.padStart(9);

async function measure(name, server, rawOf) {
  console.log(`\n${name} (${load()})`);
  const closed = await runSimulation({ url: server.url, games, players, concurrency });
  console.log(`  closed loop   ${games} games, ${concurrency} at a time: ${closed.actions} actions in ${closed.seconds.toFixed(1)} s, errors ${closed.errors} (${load()})`);
  const paced = await runSimulation({ url: server.url, games: concurrency, players, concurrency, thinkMs: think, maxSeconds: pacedSeconds, rampSeconds });
  console.log(`  paced         ${concurrency} games, think ${think.min / 1000}-${think.max / 1000} s per move, seated over ${rampSeconds} s, then a ${pacedSeconds} s window: ${paced.actions} actions (${paced.actionsPerSecond.toFixed(0)}/s offered), errors ${paced.errors} (${load()})`);
  await server.stop();
  const raw = await rawOf();
  console.log(`  raw           lockRoom + saveStep transactions: ${raw.toFixed(0)}/s (${load()})`);
  console.log(`  (a) saturation      ${closed.actionsPerSecond.toFixed(0).padStart(5)} actions/s   raw ${raw.toFixed(0)}/s   ratio ${(closed.actionsPerSecond / raw).toFixed(2)}   (target >= 0.70)`);
  console.log(`  (b) paced           p50 ${ms(paced.latencyMs.p50)}   p99 ${ms(paced.latencyMs.p99)}   (${paced.latencyMs.samples} samples; target p99 <= 50 ms)`);
  console.log(`  (c) closed loop     p50 ${ms(closed.latencyMs.p50)}   p99 ${ms(closed.latencyMs.p99)}   (${closed.latencyMs.samples} samples; queueing)`);
}

console.log(`rooms: ${players}-player games, ${concurrency} at a time; ${availableParallelism()} CPUs, ${load()}`);

if (only.includes('embedded')) {
  const server = await startServer({ DATABASE_URL: '', REDIS_URL: '' });
  try {
    await measure('embedded (PGlite, in-memory broker)', server, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'durak-bench-raw-'));
      const store = await createStore({ pgliteDir: dir });
      try {
        return await rawRate(store, serverPoolSize);
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  } finally {
    await server.stop();
  }
}

const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let name;
if (only.includes('postgres')) {
  try {
    name = `durak_bench_rooms_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await admin(base, `CREATE DATABASE ${name}`);
  } catch {
    name = undefined;
    console.log('PostgreSQL not reachable (set DATABASE_URL): skipped');
  }
}
if (name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  const server = await startServer({ DATABASE_URL: url.toString(), REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${name}` });
  try {
    await measure('PostgreSQL + Redis', server, async () => {
      const store = await createStore({ databaseUrl: url.toString(), poolSize: serverPoolSize });
      try {
        return await rawRate(store, serverPoolSize);
      } finally {
        await store.close();
      }
    });
  } finally {
    await server.stop().catch(() => {});
    await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
process.exit(0);

// Game figures (issue #5): actions/s and action-to-delivery p50/p99 at 200 concurrent games,
// on one node with the embedded defaults (PGlite, in-memory broker) and again with PostgreSQL and
// Redis, each next to the database's raw transaction rate for the same statements (lock the room
// row, insert the event row, write the state) measured in the same run.
// The server runs as its own process (apps/server/dist/main.js); this process holds the players
// (HTTP + the real centrifuge client); its bots act the moment their view arrives, so at 200 games
// the node is saturated and latency is mostly queueing. A light run (20 games at a time) is printed
// beside it. Targets: p99 <= 50 ms; actions/s >= 70% of the raw rate.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGame } from '@durak/engine';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { runSimulation } from '../apps/server/dist/simulation/run-simulation.js';
import { createStore } from '../apps/server/dist/store/db.js';
import { rooms, users } from '../apps/server/dist/store/schema.js';

const games = Number(process.env.BENCH_GAMES ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENT_GAMES ?? 200);
const players = 2;
// For context: the same node well below saturation, where latency is not queueing.
const lightGames = 40;
const lightConcurrency = 20;
const rawSeconds = 5;

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
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '0', ACTIONS_PER_SECOND: '10000', LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
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
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The statements of one game action, as fast as the database takes them, over `roomCount` rooms. */
async function rawRate(store, workers) {
  const state = createGame(
    { deck_size: 36, player_count: 2, is_transfer_allowed: false, card_transfer_permission: 'ALL_PLAYERS', is_draw_allowed: false, is_death_match_allowed: false, is_classic_mode_allowed: true, secret_trump_mode: false, is_cheating_allowed: false, is_speed_mode: false },
    ['1', '2'],
    { seed: randomBytes(32).toString('hex') },
  ).state;
  const [user] = await store.db.insert(users).values({ username: `bench_${randomBytes(3).toString('hex')}` }).returning({ id: users.id });
  const ids = [];
  for (let i = 0; i < concurrency; i++) {
    const [room] = await store.db
      .insert(rooms)
      .values({ creatorId: user.id, betAmount: 100n, balanceType: 'BONUS_BALANCE', playerCount: 2, deckSize: 36, isSpeedMode: false, isTransferAllowed: false, isCheatingAllowed: false, isDrawAllowed: false, isDeathMatchAllowed: false, isClassicModeAllowed: true, cardTransferPermission: 'ALL_PLAYERS', secretTrumpMode: false, status: 'in_progress', gameState: state })
      .returning({ id: rooms.id });
    ids.push(room.id);
  }
  const seqs = new Map(ids.map((id) => [id, 0]));
  let done = 0;
  const until = performance.now() + rawSeconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = w; performance.now() < until; i += workers) {
        const id = ids[i % ids.length];
        const seq = seqs.get(id) + 1;
        seqs.set(id, seq);
        await store.withTransaction(async (tx) => {
          await tx.execute(sql`select * from rooms where id = ${id} for update`);
          await tx.execute(sql`insert into game_events (room_id, seq, action, events) values (${id}, ${seq}, ${JSON.stringify({ type: 'beat', player: '1' })}::jsonb, ${JSON.stringify([{ type: 'said_beat', player: '1' }])}::jsonb)`);
          await tx.execute(sql`update rooms set game_state = ${JSON.stringify({ ...state, seq })}::jsonb, seq = ${seq}, expires_at = now() + interval '30 seconds', timer_started_at = now() where id = ${id}`);
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

function report(name, sim, raw) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `${name.padEnd(32)} ${sim.actionsPerSecond.toFixed(0).padStart(5)} actions/s  (${sim.gamesPerSecond.toFixed(2)} games/s)   p50 ${ms(sim.latencyMs.p50)}  p99 ${ms(sim.latencyMs.p99)}   raw transactions ${raw.toFixed(0)}/s   actions/raw ${(sim.actionsPerSecond / raw).toFixed(2)}   errors ${sim.errors}`,
  );
}

console.log(`rooms: ${games} games of ${players} players, ${concurrency} at a time; ${availableParallelism()} CPUs, load ${loadavg()[0].toFixed(2)}`);

{
  const server = await startServer({ DATABASE_URL: '', REDIS_URL: '' });
  try {
    const light = await runSimulation({ url: server.url, games: lightGames, players, concurrency: lightConcurrency });
    const sim = await runSimulation({ url: server.url, games, players, concurrency });
    await server.stop();
    const dir = mkdtempSync(join(tmpdir(), 'durak-bench-raw-'));
    const store = await createStore({ pgliteDir: dir });
    const raw = await rawRate(store, concurrency);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    report(`embedded, ${lightConcurrency} games at a time`, light, raw);
    report(`embedded, ${concurrency} games at a time`, sim, raw);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let name;
try {
  name = `durak_bench_rooms_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(base, `CREATE DATABASE ${name}`);
} catch {
  name = undefined;
  console.log('PostgreSQL not reachable (set DATABASE_URL): skipped');
}
if (name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  const server = await startServer({ DATABASE_URL: url.toString(), REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${name}` });
  try {
    const light = await runSimulation({ url: server.url, games: lightGames, players, concurrency: lightConcurrency });
    const sim = await runSimulation({ url: server.url, games, players, concurrency });
    await server.stop();
    const store = await createStore({ databaseUrl: url.toString(), poolSize: 10 });
    const raw = await rawRate(store, 10);
    await store.close();
    report(`PostgreSQL + Redis, ${lightConcurrency} at a time`, light, raw);
    report(`PostgreSQL + Redis, ${concurrency} at a time`, sim, raw);
  } finally {
    await server.stop().catch(() => {});
    await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
process.exit(0);

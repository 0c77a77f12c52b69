// Game figures (issue #5), on one node with the embedded defaults (PGlite, in-memory broker) and
// again with PostgreSQL and Redis. The server runs as its own process (apps/server/dist/main.js);
// this process holds the players (HTTP + the real centrifuge client), so on a small machine the
// players' own CPU competes with the server's: the figures are a floor.
//
// Per backend, with 200 games of 2 players at the same time:
//  (a) saturation: players act the instant their view arrives (a closed loop), interleaved with
//      the floor (floor, product, floor, product..., BENCH_ROUNDS rounds): the same transaction on
//      the bare driver (below). The rate is read while every table plays (from the last table's
//      start to the first game's end); over the whole round, which adds the 200 tables' seating
//      and the last games' tail, for completeness. Medians of the rounds; per action, what the
//      server counted itself (BENCH_COUNTERS=1: CPU time, of it the kernel's and the main thread's
//      GC pauses, SQL statements, Redis calls and bytes up, socket writes and bytes), figures that
//      depend far less on the machine's load than rates do;
//  (b) paced: players think before every move, uniformly 1-3 s (a brisk human pace; the turn timer
//      is 30 s). The 200 tables sit down spread over the first 10 s, then moves are measured for a
//      fixed window. Its p50/p99 action-to-delivery is what a player feels;
//  (c) the closed loop's p50/p99, for completeness: with every game always waiting on the server,
//      latency there is queueing (about concurrency / throughput), not service time;
//  (d) one plain move over HTTP on the idle server: its statements and database round trips, as the
//      server counts them (on PostgreSQL 5 in 3: the token check, then BEGIN with the room's lock
//      and the step's write with COMMIT; PGlite counts every call into it).
// Latency: from sending an action over HTTP to its `turn` publication arriving on a player's socket.
// Floor: BEGIN, SELECT ... FOR UPDATE of the room row, the event row + the room's new state in one
// statement, COMMIT, on node `pg` with named statements in pipeline mode as the server sends them
// (BEGIN with the lock, the write with COMMIT: two round trips), or a PGlite of this process's own,
// with a JSONB state of a real game's size, over as many connections as the server has.
// Counted, not timed (the same on any machine): statements and database round trips per action.
// Per move, mid-game: the tables sit down, then all start at once; the same counters read from the
// moment every table plays until the first game is over: nothing but moves (no sign-ups, seating, payouts).
// Targets (issue #29): saturation >= 0.6 of the floor; server CPU per move <= 0.7 ms on PostgreSQL
// and 1.5 ms on PGlite; <= 5 KB written per move; paced p99 <= 25 ms on PostgreSQL, 50 ms on PGlite.
// The latest figures and how to reproduce them: docs/rooms.md; every earlier run: bench/rooms-history.md.
// The server starts as scripts/server-command.mjs says; BENCH_SERVER_NODE_ARGS adds node flags after
// its own (`--max-semi-space-size=16` runs Node's default young generation; `--cpu-prof` profiles).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseAction, legalActions } from '@durak/engine';
import pg from 'pg';
import { runSimulation } from '../apps/server/dist/simulation/run-simulation.js';
import { serverEntry, serverNodeFlags } from '../scripts/server-command.mjs';
import { pgFloor, pgliteFloor } from './lib/rooms-floor.mjs';

const concurrency = Number(process.env.BENCH_CONCURRENT_GAMES ?? 200);
const games = Number(process.env.BENCH_GAMES ?? concurrency);
const pacedSeconds = Number(process.env.BENCH_PACED_SECONDS ?? 30);
const think = { min: 1000, max: 3000 };
const rampSeconds = Number(process.env.BENCH_RAMP_SECONDS ?? 10);
const players = 2;
const floorSeconds = Number(process.env.BENCH_FLOOR_SECONDS ?? process.env.BENCH_RAW_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
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
  const child = spawn(
    process.execPath,
    [...serverNodeFlags, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), serverEntry],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT: '0',
        JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
        ACTIONS_PER_SECOND: '10000',
        LOG_LEVEL: 'warn',
        BENCH_COUNTERS: '1',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
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

async function admin(url, statement) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const ms = (v) => `${v.toFixed(1)} ms`.padStart(9);
const median = (values) => {
  // A round without a mid-game window (a game over before every table sat down) has no per-move figures.
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function counters(server) {
  const body = await (await fetch(`${server.url}/bench/counters`)).json();
  return { ...body, cpuMs: (body.cpuMicros.user + body.cpuMicros.system) / 1000, systemCpuMs: body.cpuMicros.system / 1000 };
}

/** One closed-loop round of the product, and what the server did per action in it (its own counters). */
async function productRound(server) {
  const before = await counters(server);
  // Every table sits down, then all start at once: from every table playing to the first game's end the server does nothing but moves.
  const phases = {};
  // The moves are counted when the server's reading arrives, not when the phase began: on PGlite a
  // reading can wait behind a backlog of moves, which its counters then include.
  const onPhase = (phase, movesNow) => (phases[phase] = counters(server).then((c) => ({ ...c, moves: movesNow(), at: performance.now() })));
  const closed = await runSimulation({ url: server.url, games, players, concurrency, onPhase, startTogether: true });
  const after = await counters(server);
  const per = (key) => (after[key] - before[key]) / closed.actions;
  const [from, to] = [await phases.all_playing, await phases.first_over];
  // A window of a few moves says nothing (a game over before the last table pressed ready).
  const midGameMoves = to && from ? to.moves - from.moves : 0;
  const perMove = (key) => (midGameMoves >= 1000 ? (to[key] - from[key]) / midGameMoves : NaN);
  return {
    closed,
    perSecond: closed.actionsPerSecond,
    // The rate while every table plays: saturation proper, without the seating before it and the
    // last games' tail after it, when fewer tables than the server could serve are left.
    movesPerSecond: midGameMoves >= 1000 ? midGameMoves / ((to.at - from.at) / 1000) : NaN,
    moveCpuMs: perMove('cpuMs'),
    moveSystemCpuMs: perMove('systemCpuMs'),
    moveGcMs: perMove('gcMs'),
    moveStatements: perMove('statements'),
    moveRoundTrips: perMove('roundTrips'),
    moveRedisCalls: perMove('redisCalls'),
    moveRedisBytesUp: perMove('redisBytesUp'),
    moveSocketWrites: perMove('socketWrites'),
    moveSocketBytes: perMove('socketBytes'),
    midGameMoves,
    cpuMs: per('cpuMs'),
    statements: per('statements'),
    roundTrips: per('roundTrips'),
    redisCalls: per('redisCalls'),
    redisBytesUp: per('redisBytesUp'),
    socketWrites: per('socketWrites'),
    socketBytes: per('socketBytes'),
  };
}

/**
 * One plain move over HTTP on the idle server, counted by the server itself: the statements and
 * database round trips of the request (its caller's token check and the move's transaction). A
 * count, not a time, so the same on any machine. The least of a few plain moves (each by a player
 * who has moved before, so no absence is cleared), so that a sweeper's tick in between is not counted.
 */
async function plainMoveCost(server) {
  const call = async (path, token, method = 'POST', body = undefined) => {
    const headers = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const players = [];
  for (let k = 0; k < 2; k++) {
    const { body } = await call('/api/user/registration', null, 'POST', {
      username: `probe${randomBytes(4).toString('hex')}`,
      password: 'probe-player',
    });
    const me = await call('/api/user/users/me', body.access_token, 'GET');
    players.push({ id: String(me.body.id), token: body.access_token });
  }
  const created = await call('/api/v1/rooms/', players[0].token, 'POST', {
    bet_amount: '100',
    deck_size: 36,
    balance_type: 'BONUS_BALANCE',
    player_count: 2,
    is_classic_mode_allowed: true,
  });
  const roomId = created.body.id;
  await call(`/api/v1/rooms/${roomId}/seat`, players[1].token, 'POST', {});
  for (const player of players) await call(`/api/v1/rooms/${roomId}/ready`, player.token);
  // The closed loop's last tables leave in a burst that the server marks in the background; a
  // plain move is counted once that is done.
  for (let waited = 0; waited < 600 && (await counters(server)).backgroundWaiting > 0; waited++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const moved = new Set();
  let least;
  for (let step = 0; step < 12; step++) {
    const views = await Promise.all(players.map((p) => call(`/api/v1/rooms/${roomId}/view`, p.token, 'GET')));
    // Whoever the engine's bot would move for, from their own view.
    const turn = players
      .map((p, i) => ({
        player: p,
        view: views[i].body,
        choice: chooseAction(views[i].body, legalActions(views[i].body, p.id), () => 0.5),
      }))
      .find((t) => t.choice);
    const { player, view } = turn;
    const { type, player: _player, ...rest } = turn.choice;
    const before = await counters(server);
    const answer = await call(`/api/v1/rooms/${roomId}/${type}`, player.token, 'POST', { ...rest, seq: view.seq });
    const after = await counters(server);
    if (answer.status !== 200) throw new Error(`probe move refused: ${JSON.stringify(answer.body)}`);
    if (moved.has(player.id)) {
      const cost = { statements: after.statements - before.statements, roundTrips: after.roundTrips - before.roundTrips };
      if (!least || cost.statements + cost.roundTrips < least.statements + least.roundTrips) least = cost;
    }
    moved.add(player.id);
  }
  // Left, the game ends now: abandoned, the stand-in would play it with the hard bot during the paced window.
  await call(`/api/v1/rooms/${roomId}/leave`, players[0].token, 'POST', {});
  return least;
}

/** What the server did per move while every table was playing (no seating, no payouts). */
const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const moveCost = (p) =>
  `server CPU ${fixed(p.moveCpuMs, 3)} ms/move (${fixed(p.moveSystemCpuMs, 3)} in the kernel, ${fixed(p.moveGcMs, 3)} in GC pauses), ${fixed(p.moveStatements, 1)} statements in ${fixed(p.moveRoundTrips, 1)} round trips, ` +
  `${fixed(p.moveRedisCalls, 1)} Redis calls (${fixed(p.moveRedisBytesUp / 1024, 1)} KB up), ` +
  `${fixed(p.moveSocketWrites, 1)} socket writes (${fixed(p.moveSocketBytes / 1024, 1)} KB)`;

async function measure(name, server, floor, target) {
  console.log(`\n${name} (${load()})`);
  // Interleaved, so that whatever else the machine runs weighs on both alike: floor, product, floor, product...
  const floors = [];
  const products = [];
  for (let round = 0; round < rounds; round++) {
    const f = await floor.round();
    floors.push(f);
    console.log(
      `  round ${round + 1} floor      ${f.perSecond.toFixed(0).padStart(5)} tx/s       client CPU ${f.cpuMs.toFixed(3)} ms/tx (${load()})`,
    );
    const p = await productRound(server);
    products.push(p);
    console.log(
      `  round ${round + 1} product    ${p.perSecond.toFixed(0).padStart(5)} actions/s  server CPU ${p.cpuMs.toFixed(3)} ms/action, ${p.statements.toFixed(1)} statements in ${p.roundTrips.toFixed(1)} round trips, ` +
        `${p.redisCalls.toFixed(1)} Redis calls (${(p.redisBytesUp / 1024).toFixed(1)} KB up), ${p.socketWrites.toFixed(1)} socket writes (${(p.socketBytes / 1024).toFixed(1)} KB); ` +
        `${p.closed.actions} actions, errors ${p.closed.errors} (${load()})`,
    );
    console.log(`                mid-game ${fixed(p.movesPerSecond, 0)} moves/s, ${moveCost(p)} (${p.midGameMoves} moves)`);
  }
  const m = (list, key) => median(list.map((x) => x[key]));
  // Before the paced run, whose abandoned tables the stand-in goes on playing in the background.
  const plain = await plainMoveCost(server);
  // The server's event-loop delay is read afresh when the measured window opens (after the sit-downs).
  let pacedServer;
  const paced = await runSimulation({
    onPhase: async (phase) => {
      if (phase === 'window_open') await counters(server);
      if (phase === 'window_closed') pacedServer = await counters(server);
    },
    url: server.url,
    games: concurrency,
    players,
    concurrency,
    thinkMs: think,
    maxSeconds: pacedSeconds,
    rampSeconds,
    // The window opens once every table plays: on the embedded database the 200 sit-downs (sign-up,
    // seat, ready, start) take the server longer than the ramp, and the moves made meanwhile wait
    // behind them. Those are timed apart (the "while seating" figure).
    openWhenSeated: true,
  });
  const { eventLoopDelayMs: pacedLoop, moveAnswerMs: pacedAnswers } = pacedServer;
  console.log(
    `  paced         ${concurrency} games, think ${think.min / 1000}-${think.max / 1000} s per move, seated over ${rampSeconds} s, then a ${pacedSeconds} s window: ${paced.actions} actions (${paced.actionsPerSecond.toFixed(0)}/s offered), errors ${paced.errors} (${load()})`,
  );
  const last = products[products.length - 1].closed;
  console.log(`  medians of ${rounds} interleaved rounds:`);
  const ratio = (key) => fixed(median(products.map((p, i) => p[key] / floors[i].perSecond)), 2);
  console.log(
    `  (a) saturation      ${fixed(m(products, 'movesPerSecond'), 0).padStart(5)} moves/s while every table plays   floor ${m(floors, 'perSecond').toFixed(0)}/s   ratio ${ratio('movesPerSecond')}   (target >= 0.60)`,
  );
  console.log(
    `      over the round  ${m(products, 'perSecond').toFixed(0).padStart(5)} actions/s, ratio ${ratio('perSecond')} (with the ${concurrency} tables' seating before the moves, and the last games' tail)`,
  );
  console.log(
    `      per action      server CPU ${m(products, 'cpuMs').toFixed(3)} ms (floor: client CPU ${m(floors, 'cpuMs').toFixed(3)} ms/tx), statements ${m(products, 'statements').toFixed(1)} in ${m(products, 'roundTrips').toFixed(1)} round trips (floor 4 in ${floor.roundTrips}), Redis calls ${m(products, 'redisCalls').toFixed(1)} (${(m(products, 'redisBytesUp') / 1024).toFixed(1)} KB up), socket writes ${m(products, 'socketWrites').toFixed(1)} (${(m(products, 'socketBytes') / 1024).toFixed(1)} KB)`,
  );
  const medianMove = Object.fromEntries(
    Object.keys(products[0])
      .filter((key) => key.startsWith('move'))
      .map((key) => [key, m(products, key)]),
  );
  console.log(
    `      per move        mid-game, every table playing: ${moveCost(medianMove)} (targets: CPU <= 0.7 ms on PostgreSQL, 1.5 ms on PGlite; <= 5 KB written)`,
  );
  console.log(
    `  (b) paced           p50 ${ms(paced.latencyMs.p50)}   p99 ${ms(paced.latencyMs.p99)}   (${paced.latencyMs.samples} samples; target p99 <= ${target.p99} ms)`,
  );
  const seating = paced.seatingLatencyMs;
  if (seating.samples > 0) {
    console.log(
      `                      before the window, while tables still sat down: p50 ${ms(seating.p50)}   p99 ${ms(seating.p99)}   (${seating.samples} samples)`,
    );
  }
  console.log(
    `                      the server meanwhile: answered a move in p50 ${pacedAnswers.p50.toFixed(1)} ms, p99 ${pacedAnswers.p99.toFixed(1)} ms, max ${pacedAnswers.max.toFixed(1)} ms; its event loop's delay p99 ${pacedLoop.p99.toFixed(1)} ms, max ${pacedLoop.max.toFixed(1)} ms; longest GC ${pacedLoop.longestGc.toFixed(1)} ms`,
  );
  console.log(
    `  (c) closed loop     p50 ${ms(last.latencyMs.p50)}   p99 ${ms(last.latencyMs.p99)}   (last round, ${last.latencyMs.samples} samples; queueing)`,
  );
  console.log(
    `  (d) a plain move    ${plain.statements} statements in ${plain.roundTrips} database round trips over HTTP (counted; the token check and the move's transaction)`,
  );
}

console.log(`rooms: ${players}-player games, ${concurrency} at a time; ${availableParallelism()} CPUs, ${load()}`);

if (only.includes('embedded')) {
  const server = await startServer({ DATABASE_URL: '', REDIS_URL: '' });
  const floor = await pgliteFloor({ workers: serverPoolSize, concurrency, seconds: floorSeconds });
  try {
    await measure('embedded (PGlite, in-memory broker)', server, floor, { p99: 50 });
  } finally {
    await floor.close();
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
  let floor;
  try {
    // The server migrated the database; the floor writes its own rooms into the same tables.
    floor = await pgFloor(url.toString(), { workers: serverPoolSize, concurrency, seconds: floorSeconds });
    await measure('PostgreSQL + Redis', server, floor, { p99: 25 });
  } finally {
    await floor?.close();
    await server.stop().catch(() => {});
    await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
process.exit(0);

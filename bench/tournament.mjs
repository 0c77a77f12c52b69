// A 216-player tournament played to the end by the engine's simple bot, in one process on the
// embedded database: wall time, rounds, games and actions per second. Every game goes through the
// production path (the game service: lock, engine, step, outbox), the rounds through the
// tournament service and its sweeper function, with a clock moved by hand between rounds.
// Players are created straight in the database (no argon2 per player). Imports the built server.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { chooseAction, legalActions } from '@durak/engine';
import { and, eq, sql } from 'drizzle-orm';
import { rooms } from '../apps/server/dist/store/rooms-schema.js';
import { fundedPlayers, registeredTournament, startBenchNode } from './lib/tournament-bench.mjs';

const playerCount = Number(process.env.TOURNAMENT_BENCH_PLAYERS ?? 216);
const roomSize = Number(process.env.TOURNAMENT_BENCH_ROOM_SIZE ?? 6);

let at = Date.parse('2026-01-01T12:00:00Z');
const now = () => new Date(at);
const node = await startBenchNode('tournament', now);
const { store, service, module } = node;

const ids = await fundedPlayers(store, playerCount, 'tb');
const id = await registeredTournament(node, at, { name: 'Bench knockout', room_size: roomSize }, ids);

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
let actions = 0;
let games = 0;
async function playGame(roomId) {
  for (;;) {
    const [room] = await store.db
      .select({ status: rooms.status, players: sql`${rooms.gameState}->'players'` })
      .from(rooms)
      .where(eq(rooms.id, roomId));
    if (room.status === 'FINISHED') return;
    let acted = false;
    for (const player of room.players.map(Number)) {
      const view = await module.games.view(player, roomId);
      if (!view.ok || view.value.status === 'FINISHED') return;
      const choice = chooseAction(view.value, legalActions(view.value, String(player)), random);
      if (!choice) continue;
      const { player: _p, ...move } = choice;
      const done = await module.games.act(player, roomId, move, view.value.seq);
      if (done.ok) {
        acted = true;
        actions++;
      }
    }
    if (!acted) throw new Error(`room ${roomId} stalled`);
  }
}

const started = performance.now();
at += 61_000;
await service.fireDue();
for (let guard = 0; guard < 200; guard++) {
  const [t] = await store.db.execute(sql`select status, round from tournaments where id = ${id}`).then((r) => r.rows);
  if (t.status === 'finished') break;
  const running = await store.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.tournamentId, id), sql`${rooms.status} <> 'FINISHED'`));
  // The games of one round run side by side, as on a real server.
  await Promise.all(
    running.map(async (r) => {
      await playGame(r.id);
      games++;
    }),
  );
  if (running.length === 0) {
    at += (node.config.rooms.tournamentBreakSeconds + 1) * 1000;
    await service.fireDue();
  }
}
const seconds = (performance.now() - started) / 1000;
const [final] = await store.db.execute(sql`select status, round from tournaments where id = ${id}`).then((r) => r.rows);
const [pool] = await store.db.execute(sql`select coalesce(sum(balance), 0)::text as total from accounts`).then((r) => r.rows);
console.log(
  `tournament of ${playerCount} players at tables of ${roomSize} (PGlite, in process, simple bots): ${final.status} after ${final.round} rounds, ${games} games`,
);
console.log(
  `  wall ${seconds.toFixed(1)} s, ${actions} actions, ${(actions / seconds).toFixed(0)} actions/s; sum over all accounts ${pool.total}; load average ${loadavg()[0].toFixed(2)}`,
);
await node.close();

// A simulated arena (FEATURES.md §15) of 200 players, in one process on the embedded database,
// with a clock moved by hand in steps of the sweeper's interval: every game is an ordinary room
// opened by the arena's pairing sweep and ended by one of its players giving up after a drawn
// length (15-90 s), so the pairing, the scoring and the end run the production path at full
// size. Prints the pairing waits (from coming free, and from a partner being free), the games
// per player, rematches, the end's payout and the wall time. Imports the built server.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { rooms, roomSeats } from '../apps/server/dist/store/rooms-schema.js';
import { tournamentEntries, tournaments } from '../apps/server/dist/store/tournaments-schema.js';
import { fundedPlayers, registeredTournament, startBenchNode } from './lib/tournament-bench.mjs';

const playerCount = Number(process.env.ARENA_BENCH_PLAYERS ?? 200);
const tableSize = Number(process.env.ARENA_BENCH_TABLE_SIZE ?? 2);
const minutes = Number(process.env.ARENA_BENCH_MINUTES ?? 10);
const minuteSeconds = process.env.ARENA_BENCH_MINUTE_SECONDS ?? '60';
const STEP_MS = 250;

let at = Date.parse('2026-01-01T12:00:00Z');
const now = () => new Date(at);
const node = await startBenchNode('arena', now, { ARENA_MINUTE_SECONDS: minuteSeconds });
const { store, service, module } = node;

const ids = await fundedPlayers(store, playerCount, 'ab');
const id = await registeredTournament(
  node,
  at,
  { name: 'Bench arena', format: 'arena', duration_minutes: minutes, table_size: tableSize },
  ids,
);

let seed = 39;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const entries = async () =>
  new Map((await store.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id))).map((e) => [e.userId, e]));
const isFree = (e) => e.currentRoomId === null && !e.isPaused;

const endsAt = new Map();
const freeAt = new Map(ids.map((userId) => [userId, at + 61_000]));
const partnerSince = new Map();
const waits = [];
const partnerWaits = [];
let rematches = 0;
let rematchesWithOthersFree = 0;
let sweeps = 0;
const sweepMs = [];

const started = performance.now();
at += 61_000;
for (let step = 0; step < 1_000_000; step++) {
  // Games whose drawn length ran out end now: one of their players gives up.
  const running = await store.db
    .select({ roomId: rooms.id, userId: roomSeats.userId })
    .from(rooms)
    .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.id))
    .where(and(eq(rooms.tournamentId, id), sql`${rooms.status} <> 'FINISHED'`));
  const tables = new Map();
  for (const r of running) tables.set(r.roomId, [...(tables.get(r.roomId) ?? []), r.userId]);
  for (const [roomId, players] of tables) {
    if (!endsAt.has(roomId)) endsAt.set(roomId, at + 15_000 + Math.floor(random() * 75_000));
    if (endsAt.get(roomId) > at) continue;
    const loser = players[Math.floor(random() * players.length)];
    const done = await module.games.act(loser, roomId, { type: 'surrender' });
    if (!done.ok) throw new Error(`surrender in room ${roomId}: ${done.error.code}`);
  }
  const before = await entries();
  for (const [userId, e] of before) if (isFree(e) && !freeAt.has(userId)) freeAt.set(userId, at);
  const t0 = performance.now();
  await service.fireDue();
  sweepMs.push(performance.now() - t0);
  sweeps++;
  const after = await entries();
  for (const [userId, e] of after) {
    const was = before.get(userId);
    if (was.currentRoomId !== null || e.currentRoomId === null) continue;
    waits.push(at - (freeAt.get(userId) ?? at));
    partnerWaits.push(at - (partnerSince.get(userId) ?? at));
    freeAt.delete(userId);
    partnerSince.delete(userId);
    const table = [...after.values()].filter((o) => o.userId !== userId && o.currentRoomId === e.currentRoomId);
    if (table.some((o) => o.lastRoomId !== null && o.lastRoomId === was.lastRoomId)) {
      rematches++;
      if ([...before.values()].filter(isFree).length > table.length + 1) rematchesWithOthersFree++;
    }
  }
  const free = [...after.values()].filter(isFree);
  if (free.length >= 2) for (const e of free) if (!partnerSince.has(e.userId)) partnerSince.set(e.userId, at);
  if (free.length < 2) partnerSince.clear();
  const [t] = await store.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id));
  if (t.status === 'finished') break;
  at += STEP_MS;
}
const seconds = (performance.now() - started) / 1000;

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const final = await entries();
const games = [...final.values()].map((e) => e.games);
const [t] = await store.db.select().from(tournaments).where(eq(tournaments.id, id));
const [sum] = await store.db.execute(sql`select coalesce(sum(balance), 0)::text as total from accounts`).then((r) => r.rows);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `arena of ${playerCount} players at tables of ${tableSize}, ${minutes} arena minutes of ${minuteSeconds} s (PGlite, in process, games of 15-90 s ended by a surrender): ${t.status}`,
);
console.log(
  `  pairing wait from coming free: p50 ${s(pct(waits, 50))}, p99 ${s(pct(waits, 99))}, max ${s(Math.max(0, ...waits))} (${waits.length} seatings)`,
);
console.log(
  `  pairing wait from a partner being free: p50 ${s(pct(partnerWaits, 50))}, p99 ${s(pct(partnerWaits, 99))}, max ${s(Math.max(0, ...partnerWaits))}`,
);
console.log(
  `  games per player: min ${Math.min(...games)}, median ${pct(games, 50)}, max ${Math.max(...games)}; rematches ${rematches} (${rematchesWithOthersFree} while others were free)`,
);
console.log(
  `  sweep (pairing) per call: p50 ${pct(sweepMs, 50).toFixed(1)} ms, p99 ${pct(sweepMs, 99).toFixed(1)} ms over ${sweeps} sweeps; paid out ${t.paidOut} of ${t.paidIn}; sum over all accounts ${sum.total}`,
);
console.log(`  wall ${seconds.toFixed(1)} s; load average ${loadavg()[0].toFixed(2)}`);
await node.close();

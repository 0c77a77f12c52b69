// A 216-player tournament played to the end by the engine's simple bot, in one process on the
// embedded database: wall time, rounds, games and actions per second. Every game goes through the
// production path (the game service: lock, engine, step, outbox), the rounds through the
// tournament service and its sweeper function, with a clock moved by hand between rounds.
// Players are created straight in the database (no argon2 per player). Imports the built server.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chooseAction, legalActions } from '@durak/engine';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createStore } from '../apps/server/dist/store/db.js';
import { rooms } from '../apps/server/dist/store/rooms-schema.js';
import { users } from '../apps/server/dist/store/schema.js';
import { transfer } from '../apps/server/dist/wallets/ledger.js';
import { openWallets } from '../apps/server/dist/wallets/wallets.js';

const playerCount = Number(process.env.TOURNAMENT_BENCH_PLAYERS ?? 216);
const roomSize = Number(process.env.TOURNAMENT_BENCH_ROOM_SIZE ?? 6);

let at = Date.parse('2026-01-01T12:00:00Z');
const now = () => new Date(at);
const dataDir = mkdtempSync(join(tmpdir(), 'durak-bench-tournament-'));
const loaded = loadConfig(
  {
    DATA_DIR: dataDir,
    TIMER_SWEEP_MS: '0',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: 'bench_admin',
    ADMIN_PASSWORD: 'bench-admin-password',
    JWT_SECRET: 'x'.repeat(64),
  },
  () => {},
);
if (!loaded.ok) throw new Error(loaded.message);
const store = await createStore({});
const built = await buildApp(loaded.config, { store, now, logger: false });
const { tournaments: service, rooms: module } = built.services;

const ids = [];
await store.withTransaction(async (tx) => {
  for (let i = 0; i < playerCount; i++) {
    const [user] = await tx
      .insert(users)
      .values({ username: `tb_${i}` })
      .returning({ id: users.id });
    ids.push(user.id);
    await openWallets(tx, user.id);
    await transfer(tx, {
      from: { system: 'issuance', walletType: 'BONUS_BALANCE' },
      to: { userId: user.id, walletType: 'BONUS_BALANCE' },
      amount: 1000n,
      kind: 'bench_funding',
      idempotencyKey: `tb_fund:${user.id}`,
    });
  }
});
const [admin] = await store.db.select({ id: users.id }).from(users).where(eq(users.username, 'bench_admin'));
const created = await service.create(
  { id: admin.id, ip: '127.0.0.1', reason: 'bench' },
  {
    name: 'Bench knockout',
    buy_in: 100n,
    balance_type: 'BONUS_BALANCE',
    starts_at: new Date(at + 60_000).toISOString(),
    min_players: 2,
    max_players: playerCount,
    room_size: roomSize,
    deck_size: 36,
    is_speed_mode: false,
    is_transfer_allowed: true,
    is_cheating_allowed: false,
    is_draw_allowed: false,
    is_death_match_allowed: false,
    is_classic_mode_allowed: true,
    card_transfer_permission: 'ALL_PLAYERS',
    secret_trump_mode: false,
    rebuy_rounds: 0,
    rebuy_price: 0n,
    guaranteed_pool: 0n,
    fee: 0n,
    payout_preset_id: 4,
    is_pinned: false,
  },
);
if (!created.ok) throw new Error(created.error.message);
const id = created.value.id;
for (const userId of ids) {
  const r = await service.register(userId, id);
  if (!r.ok) throw new Error(r.error.message);
}

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
    at += (loaded.config.rooms.tournamentBreakSeconds + 1) * 1000;
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
await built.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });

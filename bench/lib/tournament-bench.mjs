// What bench/arena.mjs and bench/tournament.mjs share (a bench's helper, not a bench:
// scripts/bench.mjs runs only bench/*.mjs): the built server in process on the embedded database
// with a clock the bench moves, funded players written straight to the database (no argon2 per
// player), and a tournament created by the admin with every player registered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createStore } from '../../apps/server/dist/store/db.js';
import { users } from '../../apps/server/dist/store/schema.js';
import { transfer } from '../../apps/server/dist/wallets/ledger.js';
import { openWallets } from '../../apps/server/dist/wallets/wallets.js';

/** The node: `now` is the bench's clock; `env` adds settings (ARENA_MINUTE_SECONDS, ...). */
export async function startBenchNode(name, now, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `durak-bench-${name}-`));
  const loaded = loadConfig(
    {
      DATA_DIR: dataDir,
      TIMER_SWEEP_MS: '0',
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: 'bench_admin',
      ADMIN_PASSWORD: 'bench-admin-password',
      JWT_SECRET: 'x'.repeat(64),
      ...env,
    },
    () => {},
  );
  if (!loaded.ok) throw new Error(loaded.message);
  const store = await createStore({});
  const built = await buildApp(loaded.config, { store, now, logger: false });
  return {
    store,
    config: loaded.config,
    service: built.services.tournaments,
    module: built.services.rooms,
    async close() {
      await built.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` players named `${prefix}_${i}`, each with 1,000 bonus chips; their ids. */
export async function fundedPlayers(store, count, prefix) {
  const ids = [];
  await store.withTransaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const [user] = await tx
        .insert(users)
        .values({ username: `${prefix}_${i}` })
        .returning({ id: users.id });
      ids.push(user.id);
      await openWallets(tx, user.id);
      await transfer(tx, {
        from: { system: 'issuance', walletType: 'BONUS_BALANCE' },
        to: { userId: user.id, walletType: 'BONUS_BALANCE' },
        amount: 1000n,
        kind: 'bench_funding',
        idempotencyKey: `${prefix}_fund:${user.id}`,
      });
    }
  });
  return ids;
}

/**
 * A tournament starting a minute after `startsAt` (buy-in 100 bonus chips, 36 cards, transfers
 * on, payout preset 4), with `fields` on top (name, format, sizes), every player registered; its id.
 */
export async function registeredTournament(node, startsAt, fields, ids) {
  const { store, service } = node;
  const [admin] = await store.db.select({ id: users.id }).from(users).where(eq(users.username, 'bench_admin'));
  const created = await service.create(
    { id: admin.id, ip: '127.0.0.1', reason: 'bench' },
    {
      buy_in: 100n,
      balance_type: 'BONUS_BALANCE',
      starts_at: new Date(startsAt + 60_000).toISOString(),
      min_players: 2,
      max_players: ids.length,
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
      ...fields,
    },
  );
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.id;
  for (const userId of ids) {
    const r = await service.register(userId, id);
    if (!r.ok) throw new Error(r.error.message);
  }
  return id;
}

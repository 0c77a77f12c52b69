// Daily-reward claims and cosmetic purchases per second, each next to the ledger's plain transfer
// rate on the same database in the same run: the ratio is what the economy adds around a transfer
// (the claim's day row and streak read; the purchase's ownership row and catalogue read).
// PGlite always; PostgreSQL when DATABASE_URL is set or a server answers at 127.0.0.1:5432 (a
// temporary database, dropped afterwards). Imports the built server (npm run bench builds).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createAssetsService } from '../apps/server/dist/economy/assets-service.js';
import { createRewardsService } from '../apps/server/dist/economy/rewards.js';
import { createStakeGuard } from '../apps/server/dist/responsible-play/stake-guard.js';
import { seedEconomy } from '../apps/server/dist/economy/seed.js';
import { onEachDatabase } from './support.mjs';

// The products' own stake guard (responsible play, fair play's freeze) runs in every purchase and
// claim, as on the server; the age gate is off, as for the test servers.
const guardAt = (now) => createStakeGuard({ ageCheck: false, playMinuteMs: 60_000 }, now);
import { users } from '../apps/server/dist/store/schema.js';
import { assets } from '../apps/server/dist/store/economy-schema.js';
import { transfer } from '../apps/server/dist/wallets/ledger.js';
import { openWallets } from '../apps/server/dist/wallets/wallets.js';

const clients = 16;
const perClient = Number(process.env.ECONOMY_BENCH_PER_CLIENT ?? 60);
const DAY = 24 * 60 * 60 * 1000;

/** One user per (client, op): claims and purchases are once per user and day / asset. */
async function prepare(store, count) {
  const ids = [];
  const run = randomBytes(3).toString('hex');
  await store.withTransaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const [user] = await tx
        .insert(users)
        .values({ username: `eb_${run}_${i}` })
        .returning({ id: users.id });
      ids.push(user.id);
      await openWallets(tx, user.id);
      for (const walletType of ['BALANCE', 'BONUS_BALANCE']) {
        await transfer(tx, {
          from: { system: 'issuance', walletType },
          to: { userId: user.id, walletType },
          amount: 1_000_000n,
          kind: 'bench_funding',
          idempotencyKey: `eb_fund:${user.id}:${walletType}`,
        });
      }
    }
  });
  return ids;
}

async function rate(work) {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, (_, c) =>
      (async () => {
        for (let i = 0; i < perClient; i++) await work(c, i);
      })(),
    ),
  );
  return (clients * perClient) / ((performance.now() - started) / 1000);
}

async function measure(name, store) {
  await seedEconomy(store);
  const priced = (await store.db.select().from(assets)).filter((a) => a.price > 0n).map((a) => a.id);
  const userIds = await prepare(store, clients * Math.ceil(perClient / priced.length) + clients);
  const noNotice = async () => {};
  const run = randomBytes(4).toString('hex');

  // The reference: one ledger transfer per transaction, system account -> user, like a reward (the
  // economy's movements all touch one system account per wallet type). Measured before and after
  // the economy's runs and averaged: the machine is shared, so one sample may be unlucky.
  let round = 0;
  const ledgerRate = () => {
    round++;
    return rate((c, i) =>
      store.withTransaction((tx) =>
        transfer(tx, {
          from: { system: 'rewards', walletType: 'BONUS_BALANCE' },
          to: { userId: userIds[(c * perClient + i) % userIds.length], walletType: 'BONUS_BALANCE' },
          amount: 1n,
          kind: 'bench',
          idempotencyKey: `eb:${run}:${round}:${c}:${i}`,
        }),
      ),
    );
  };
  await ledgerRate(); // warm-up: caches, the system account's first row, JIT
  const before = await ledgerRate();

  // Claims: each client is one user claiming on consecutive days (its own clock), so every claim pays.
  const claimers = userIds.slice(0, clients);
  const clocks = claimers.map(() => Date.parse('2030-01-01T12:00:00Z'));
  const services = claimers.map((_, c) =>
    createRewardsService({ store, now: () => new Date(clocks[c]), onWalletChange: noNotice, guard: guardAt(() => new Date(clocks[c])) }),
  );
  const claims = await rate(async (c) => {
    const claimed = await services[c].claim(claimers[c]);
    if (!claimed.ok) throw new Error(claimed.error.code);
    clocks[c] += DAY;
  });

  // Purchases: each client buys every priced asset for a user, then moves on to the next user.
  const buyers = userIds.slice(clients);
  const shop = createAssetsService({ store, onWalletChange: noNotice, guard: guardAt(() => new Date()) });
  const purchases = await rate(async (c, i) => {
    const user = buyers[c * Math.ceil(perClient / priced.length) + Math.floor(i / priced.length)];
    const bought = await shop.buy(user, priced[i % priced.length]);
    if (!bought.ok) throw new Error(bought.error.code);
  });

  const raw = (before + (await ledgerRate())) / 2;
  const f = (n) => n.toFixed(0).padStart(6);
  console.log(
    `${name.padEnd(11)} ledger transfers ${f(raw)}/s   claims ${f(claims)}/s (${(claims / raw).toFixed(2)})   purchases ${f(purchases)}/s (${(purchases / raw).toFixed(2)})`,
  );
}

console.log(`economy: ${clients} concurrent clients x ${perClient} operations each`);

await onEachDatabase(measure, { poolSize: clients });

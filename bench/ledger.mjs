// Ledger transfers per second on PGlite and on PostgreSQL, each next to the raw transaction rate
// of the same database in the same run (two balance updates in one transaction, no ledger logic):
// the ratio is the figure — what the ledger's locks, idempotency row and double entry cost.
// PostgreSQL runs only when DATABASE_URL is set or a server answers at 127.0.0.1:5432; it uses a
// temporary database that is dropped afterwards. Imports the built server (npm run bench builds).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { onEachDatabase } from './support.mjs';
import { accounts, users } from '../apps/server/dist/store/schema.js';
import { transfer } from '../apps/server/dist/wallets/ledger.js';
import { openWallets } from '../apps/server/dist/wallets/wallets.js';

const clients = 16;
const perClient = Number(process.env.LEDGER_BENCH_PER_CLIENT ?? 150);
const userCount = 64;

async function prepare(store) {
  const ids = [];
  await store.withTransaction(async (tx) => {
    for (let i = 0; i < userCount; i++) {
      const [user] = await tx
        .insert(users)
        .values({ username: `bench_${i}` })
        .returning({ id: users.id });
      ids.push(user.id);
      await openWallets(tx, user.id);
      await transfer(tx, {
        from: { system: 'issuance', walletType: 'BALANCE' },
        to: { userId: user.id, walletType: 'BALANCE' },
        amount: 1_000_000n,
        kind: 'bench_funding',
        idempotencyKey: `bench_fund:${user.id}`,
      });
    }
  });
  const rows = await store.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.userId} is not null and ${accounts.walletType} = 'BALANCE'`);
  return { userIds: ids, accountIds: rows.map((r) => r.id) };
}

async function rate(label, work) {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, (_, c) =>
      (async () => {
        for (let i = 0; i < perClient; i++) await work(c, i);
      })(),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return { label, perSecond: (clients * perClient) / seconds };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
function pair(list) {
  const a = pick(list);
  let b = pick(list);
  while (b === a) b = pick(list);
  return [a, b];
}

async function measure(name, store) {
  const { userIds, accountIds } = await prepare(store);
  const raw = await rate('raw', () => {
    // In id order, like the ledger, or concurrent raw transactions deadlock on PostgreSQL.
    const [a, b] = pair(accountIds).sort((x, y) => x - y);
    const delta = Math.random() < 0.5 ? 1 : -1;
    return store.withTransaction(async (tx) => {
      await tx.execute(sql`update accounts set balance = balance - ${delta} where id = ${a}`);
      await tx.execute(sql`update accounts set balance = balance + ${delta} where id = ${b}`);
    });
  });
  const run = randomBytes(4).toString('hex');
  const ledger = await rate('ledger', (c, i) => {
    const [a, b] = pair(userIds);
    return store.withTransaction((tx) =>
      transfer(tx, {
        from: { userId: a, walletType: 'BALANCE' },
        to: { userId: b, walletType: 'BALANCE' },
        amount: 1n,
        kind: 'bench',
        idempotencyKey: `bench:${run}:${c}:${i}`,
      }),
    );
  });
  console.log(
    `${name.padEnd(11)} raw transactions ${raw.perSecond.toFixed(0).padStart(6)}/s   ledger transfers ${ledger.perSecond
      .toFixed(0)
      .padStart(6)}/s   ratio ${(ledger.perSecond / raw.perSecond).toFixed(2)}`,
  );
}

console.log(`ledger: ${clients} concurrent clients x ${perClient} transactions each, ${userCount} wallets`);

await onEachDatabase(measure, { poolSize: clients });

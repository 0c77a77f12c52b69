import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Store } from '../store/db.js';
import { accounts, ledgerTransfers, users } from '../store/schema.js';
import { createTestStore } from '../test-support/store.js';
import { transfer, type AccountRef, type TransferRequest, type TransferResult } from './ledger.js';
import { openWallets } from './wallets.js';

let store: Store;
const userIds: number[] = [];

beforeAll(async () => {
  store = await createTestStore();
  await store.withTransaction(async (tx) => {
    for (let i = 0; i < 16; i++) {
      const [user] = await tx
        .insert(users)
        .values({ username: `ledger_user_${i}` })
        .returning({ id: users.id });
      if (!user) throw new Error('no user');
      userIds.push(user.id);
      await openWallets(tx, user.id);
      await transfer(tx, {
        from: { system: 'issuance', walletType: 'BALANCE' },
        to: { userId: user.id, walletType: 'BALANCE' },
        amount: 1000n,
        kind: 'test_funding',
        idempotencyKey: `fund:${user.id}`,
      });
    }
  });
});

afterAll(async () => {
  await store.close();
});

const wallet = (userId: number): AccountRef => ({ userId, walletType: 'BALANCE' });
const run = (request: TransferRequest) => store.withTransaction((tx) => transfer(tx, request));

async function balanceOf(userId: number): Promise<bigint> {
  const [row] = await store.db.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.userId, userId));
  return row?.balance ?? -1n;
}

async function expectBooksBalance(): Promise<void> {
  const [sum] = await store.db.select({ total: sql<string>`coalesce(sum(${accounts.balance}), 0)::text` }).from(accounts);
  expect(sum?.total).toBe('0');
  const [negative] = await store.db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(sql`${accounts.userId} is not null and ${accounts.balance} < 0`);
  expect(negative?.n).toBe(0);
  const mismatched = await queryRows(
    store.db,
    sql`
    select a.id from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(mismatched).toEqual([]);
}

describe('ledger transfer', () => {
  it('moves chips from one wallet to another and both lines are written', async () => {
    const [a, b] = userIds as [number, number];
    const result = await run({ from: wallet(a), to: wallet(b), amount: 250n, kind: 'test', idempotencyKey: 'simple-1' });
    expect(result.ok && !result.value.isReplay).toBe(true);
    expect(await balanceOf(a)).toBe(750n);
    expect(await balanceOf(b)).toBe(1250n);
    await expectBooksBalance();
  });

  it('a retry with the same key returns the first transfer and pays nothing more', async () => {
    const [, , c, d] = userIds as [number, number, number, number];
    const request = { from: wallet(c), to: wallet(d), amount: 100n, kind: 'test', idempotencyKey: 'retry-1' };
    const first = await run(request);
    const second = await run(request);
    expect(first.ok && second.ok && second.value.isReplay && second.value.transfer.id === first.value.transfer.id).toBe(true);
    expect(await balanceOf(c)).toBe(900n);
  });

  it('a key used again for another amount is refused with its code and moves nothing', async () => {
    const [, , c, d] = userIds as [number, number, number, number];
    const before = await balanceOf(c);
    const again = await run({ from: wallet(c), to: wallet(d), amount: 7n, kind: 'test', idempotencyKey: 'retry-1' });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('wallet/idempotency_key_reused');
    expect(await balanceOf(c)).toBe(before);
  });

  it('refuses to overdraw a wallet and writes nothing', async () => {
    const [, , , , e, f] = userIds as number[] as [number, number, number, number, number, number];
    const result = await run({ from: wallet(e), to: wallet(f), amount: 1001n, kind: 'test', idempotencyKey: 'too-much' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('wallet/insufficient_funds');
    expect(await balanceOf(e)).toBe(1000n);
    const rows = await store.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, 'too-much'));
    expect(rows).toEqual([]);
  });

  it('the database itself refuses a negative user wallet (CHECK constraint)', async () => {
    await expect(
      store.db
        .update(accounts)
        .set({ balance: -1n })
        .where(eq(accounts.userId, userIds[0] ?? 0)),
    ).rejects.toThrow();
  });

  it('the ledger cannot be edited after the fact', async () => {
    await expect(store.db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(store.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
  });

  it('32 concurrent clients with retries: sum zero, nothing negative, each key once, balances = ledger lines', async () => {
    const clients = 32;
    const perClient = 80;
    const applied = new Map<string, number>();
    let refused = 0;
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = (): AccountRef => {
      // Mostly user wallets; sometimes the rake, whose balance may go either way.
      if (random(10) === 0) return { system: 'rake', walletType: 'BALANCE' };
      return wallet(userIds[random(userIds.length)] ?? 0);
    };
    const record = (key: string, result: TransferResult) => {
      if (!result.ok) {
        refused += 1;
        return;
      }
      const seen = applied.get(key);
      if (seen !== undefined) expect(result.value.transfer.id).toBe(seen);
      else applied.set(key, result.value.transfer.id);
    };

    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let i = 0; i < perClient; i++) {
          let from = pick();
          let to = pick();
          while (JSON.stringify(from) === JSON.stringify(to)) to = pick();
          if (random(3) === 0) [from, to] = [to, from];
          const request = { from, to, amount: BigInt(1 + random(400)), kind: 'load', idempotencyKey: `load:${client}:${i}` };
          const copies = random(5) === 0 ? 3 : 1; // deliberate retries, racing each other
          const results = await Promise.all(Array.from({ length: copies }, () => run(request)));
          for (const result of results) record(request.idempotencyKey, result);
        }
      }),
    );

    const loadRows = await store.db
      .select({ key: ledgerTransfers.idempotencyKey, id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'load'));
    expect(loadRows.length).toBe(applied.size);
    for (const row of loadRows) expect(applied.get(row.key)).toBe(row.id);
    expect(applied.size + refused).toBeGreaterThanOrEqual(clients * perClient);
    expect(applied.size).toBeGreaterThan(clients * perClient * 0.5);
    await expectBooksBalance();
  });
});

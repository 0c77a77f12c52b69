import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher, withPublications, type RealtimeChannels } from '../publishing/outbox.js';
import { inRoomTransaction, type DomainContext } from '../room-core/domain-context.js';
import { failure, ok } from '../shared/result.js';
import { createTestStore } from '../test-support/store.js';
import { transfer } from '../wallets/ledger.js';
import { openWallets } from '../wallets/wallets.js';
import type { Store, Tx } from './db.js';
import { accounts, ledgerTransfers, users } from './schema.js';
import { isRefusal } from './transaction-rule.js';

// The one transaction rule (docs/architecture.md): a failed Result or a throw rolls back everything
// the transaction wrote, money included, and publishes nothing, whichever wrapper ran it.

let store: Store;
let payer: number;
const published: string[] = [];
const realtime: RealtimeChannels = {
  publish: async (channel) => void published.push(channel),
  presence: async () => ({ users: [] }),
};
const publisher = createPublisher(realtime, (error) => {
  throw error;
});

beforeAll(async () => {
  store = await createTestStore();
  payer = await store.withTransaction(async (tx) => {
    const [user] = await tx.insert(users).values({ username: 'rule_payer' }).returning({ id: users.id });
    await openWallets(tx, user!.id);
    await transfer(tx, {
      from: { system: 'issuance', walletType: 'BALANCE' },
      to: { userId: user!.id, walletType: 'BALANCE' },
      amount: 1000n,
      kind: 'test_funding',
      idempotencyKey: `rule-fund:${user!.id}`,
    });
    return user!.id;
  });
});

afterAll(async () => {
  await store.close();
});

async function balance(): Promise<bigint> {
  const [row] = await store.db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(sql`${accounts.userId} = ${payer} and ${accounts.walletType} = 'BALANCE'`);
  return row!.balance;
}

async function transfersKeyed(key: string): Promise<number> {
  const rows = await store.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
  return rows.length;
}

async function usernameTaken(username: string): Promise<boolean> {
  return (await store.db.select({ id: users.id }).from(users).where(eq(users.username, username))).length > 0;
}

/** Pays 100 chips to the house and renames nothing: the write a refusal must undo. */
async function pay(tx: Tx, key: string) {
  const paid = await transfer(tx, {
    from: { userId: payer, walletType: 'BALANCE' },
    to: { system: 'house', walletType: 'BALANCE' },
    amount: 100n,
    kind: 'test_stake',
    idempotencyKey: key,
  });
  expect(paid.ok).toBe(true);
}

describe('the transaction rule', () => {
  it('a refusal after chips moved rolls them back and comes back as the answer', async () => {
    const before = await balance();
    const answer = await store.withTransaction(async (tx) => {
      await pay(tx, 'rule:refused');
      await tx.insert(users).values({ username: 'rule_half_written' });
      return failure('wallet/insufficient_funds', 'refused after the write');
    });
    expect(answer).toEqual({ ok: false, error: { code: 'wallet/insufficient_funds', message: 'refused after the write' } });
    expect(await balance()).toBe(before);
    expect(await transfersKeyed('rule:refused')).toBe(0);
    expect(await usernameTaken('rule_half_written')).toBe(false);
  });

  it('a throw after chips moved rolls them back and is thrown', async () => {
    const before = await balance();
    await expect(
      store.withTransaction(async (tx) => {
        await pay(tx, 'rule:thrown');
        throw new Error('a bug half-way');
      }),
    ).rejects.toThrow('a bug half-way');
    expect(await balance()).toBe(before);
    expect(await transfersKeyed('rule:thrown')).toBe(0);
  });

  it('a success commits, and so does a plain value that only looks like a failure', async () => {
    const before = await balance();
    const answer = await store.withTransaction(async (tx) => {
      await pay(tx, 'rule:committed');
      return ok('paid');
    });
    expect(answer).toEqual({ ok: true, value: 'paid' });
    expect(await balance()).toBe(before - 100n);
    // An internal `{ ok: false }` without an error (a lookup's miss) is a value, not a refusal.
    const miss = await store.withTransaction(async (tx) => {
      await tx.insert(users).values({ username: 'rule_plain_value' });
      return { ok: false };
    });
    expect(miss).toEqual({ ok: false });
    expect(await usernameTaken('rule_plain_value')).toBe(true);
  });

  it('withPublications: a refusal rolls back and publishes nothing; a success publishes after the commit', async () => {
    published.length = 0;
    const before = await balance();
    const refused = await withPublications(store, publisher, 'user:1', async (tx, outbox) => {
      await pay(tx, 'rule:published-refused');
      outbox.toUser(payer, { type: 'wallet', wallets: [] } as never);
      return failure('room/not_found', 'refused');
    });
    expect(isRefusal(refused)).toBe(true);
    expect(published).toEqual([]);
    expect(await balance()).toBe(before);

    await withPublications(store, publisher, 'user:1', async (tx, outbox) => {
      await pay(tx, 'rule:published-ok');
      outbox.toUser(payer, { type: 'wallet', wallets: [] } as never);
      return ok(null);
    });
    expect(published).toEqual([`#${payer}`]);
  });

  it("inRoomTransaction (rooms, games, chat, friends, players' writes): a refusal rolls back and publishes nothing", async () => {
    published.length = 0;
    const context = { store, publisher, now: () => new Date() } as unknown as DomainContext;
    const before = await balance();
    const refused = await inRoomTransaction(context, 1, async (tx, outbox) => {
      await pay(tx, 'rule:room-refused');
      outbox.toRoom(1, { type: 'room_closed' } as never);
      return failure('room/full', 'refused');
    });
    expect(isRefusal(refused)).toBe(true);
    expect(published).toEqual([]);
    expect(await balance()).toBe(before);
    expect(await transfersKeyed('rule:room-refused')).toBe(0);
  });

  it('twenty racing refusals leave the books as they were', async () => {
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.withTransaction(async (tx) => {
          await pay(tx, `rule:race:${i}`);
          return failure('wallet/insufficient_funds', 'refused');
        }),
      ),
    );
    expect(answers.every(isRefusal)).toBe(true);
    expect(await balance()).toBe(before);
  });
});

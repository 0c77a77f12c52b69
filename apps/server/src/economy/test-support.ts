import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Store } from '../store/db.js';
import { request } from '../test-support/http.js';

/**
 * The invariants of docs/operations.md: the sum over all accounts is zero, no user wallet is
 * negative, and every balance equals the sum of its ledger lines.
 */
export async function expectBooksBalance(store: Store): Promise<void> {
  const [sum] = await queryRows<{ total: string }>(store.db, sql`select coalesce(sum(balance), 0)::text as total from accounts`);
  expect(sum?.total).toBe('0');
  const negative = await queryRows(store.db, sql`select id from accounts where user_id is not null and balance < 0`);
  expect(negative).toEqual([]);
  const mismatched = await queryRows(
    store.db,
    sql`
    select a.id from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(mismatched).toEqual([]);
}

/** The caller's wallets as `users/me` lists them, by type. */
export async function walletsOf(url: string, token: string): Promise<Record<string, bigint>> {
  const me = await request<{ wallets: { wallet_type: string; balance: string }[] }>(`${url}/api/user/users/me`, { token });
  return Object.fromEntries(me.body.wallets.map((w) => [w.wallet_type, BigInt(w.balance)]));
}

/** Credits a user's wallet through the sandbox provider (a real deposit, on the ledger). */
export async function deposit(url: string, token: string, walletType: string, amount: string | number, key: string) {
  return request<{ deposit_id: number; status: string; pay_url?: string; error?: { code: string; details?: { field?: string } } }>(
    `${url}/api/payments/deposit/sandbox/${walletType}`,
    { token, body: { amount, idempotency_key: key } },
  );
}

export type ErrorAnswer = { error: { code: string; message: string; details?: { field?: string } } };

import type { WalletType } from '@durak/protocol';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { accounts } from '../store/schema.js';
import { transfer, type TransferResult } from './ledger.js';

export const walletTypes: readonly WalletType[] = ['BALANCE', 'BONUS_BALANCE'];

/** The system account new chips come from (promotions, welcome bonus); its balance is negative. */
export const issuance = 'issuance';

/** Opens every wallet type for a new user, empty. */
export async function openWallets(tx: Tx, userId: number): Promise<void> {
  await tx
    .insert(accounts)
    .values(walletTypes.map((walletType) => ({ userId, walletType })))
    .onConflictDoNothing();
}

export async function listWallets(db: Db | Tx, userId: number): Promise<{ walletType: WalletType; balance: bigint }[]> {
  const rows = await db
    .select({ walletType: accounts.walletType, balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.walletType));
  return rows.map((r) => ({ walletType: r.walletType as WalletType, balance: r.balance }));
}

/** The welcome bonus of a new user: issuance -> the user's BONUS_BALANCE, once per user. */
export function payWelcomeBonus(tx: Tx, userId: number, amount: bigint): Promise<TransferResult | undefined> {
  if (amount <= 0n) return Promise.resolve(undefined);
  return transfer(tx, {
    from: { system: issuance, walletType: 'BONUS_BALANCE' },
    to: { userId, walletType: 'BONUS_BALANCE' },
    amount,
    kind: 'welcome_bonus',
    idempotencyKey: `welcome_bonus:${userId}`,
  });
}

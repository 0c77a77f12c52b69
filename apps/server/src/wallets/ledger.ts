import type { WalletType } from '@durak/protocol';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { failure, ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { accounts, ledgerEntries, ledgerTransfers } from '../store/schema.js';

/** Which account: a user's wallet, a system account by key (`issuance`, `rake`, `room:12`, ...), or an id. */
export type AccountRef =
  | { readonly userId: number; readonly walletType: WalletType }
  | { readonly system: string; readonly walletType: WalletType }
  | { readonly accountId: number };

export interface TransferRequest {
  readonly from: AccountRef;
  readonly to: AccountRef;
  /** Positive integer chips. */
  readonly amount: bigint;
  /** What the movement is for: `welcome_bonus`, `room_stake`, `room_payout`, `rake`, ... */
  readonly kind: string;
  /** Unique per intended movement; a retry with the same key returns the first result. */
  readonly idempotencyKey: string;
  readonly memo?: Record<string, unknown>;
}

export interface TransferRecord {
  readonly id: number;
  readonly idempotencyKey: string;
  readonly kind: string;
  readonly fromAccountId: number;
  readonly toAccountId: number;
  readonly amount: bigint;
  readonly createdAt: Date;
}

/** The transfer made (or, for a retried key, the one made before), or why nothing moved. */
export type TransferResult = Result<
  { readonly transfer: TransferRecord; readonly isReplay: boolean },
  'wallet/insufficient_funds' | 'wallet/not_found' | 'wallet/idempotency_key_reused'
>;

/**
 * Moves chips between two accounts: the only way money moves (DESIGN.md §5).
 *
 * Runs inside the caller's transaction so a game step and its money commit together. Both
 * accounts are locked with SELECT ... FOR UPDATE in id order, so two transfers over the same
 * pair never deadlock and a balance is never read-checked-written by two transactions at once.
 * The idempotency key is UNIQUE in SQL: under the account locks the first transfer with a key
 * is visible to every later one, which returns it instead of paying again. A user wallet going
 * below zero is refused here and, as a last guard, by the accounts CHECK constraint.
 *
 * Throws only on caller bugs: a non-positive amount, one account on both sides, or wallet types
 * that differ. A key reused for a different movement is `wallet/idempotency_key_reused`.
 */
export async function transfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  if (request.amount <= 0n) throw new Error(`transfer amount must be positive, got ${request.amount}`);
  const locked = await lockAccounts(tx, request.from, request.to);
  if (!locked) return failure('wallet/not_found', 'No such wallet');
  const { from, to } = locked;
  const fromId = from.id;
  const toId = to.id;
  if (fromId === toId) throw new Error('transfer needs two different accounts');
  if (from.walletType !== to.walletType) throw new Error(`cannot move ${from.walletType} into ${to.walletType}`);

  const previous = await findTransfer(tx, request.idempotencyKey);
  if (previous) return replay(previous, fromId, toId, request.amount);

  if (from.userId !== null && from.balance < request.amount) {
    return failure('wallet/insufficient_funds', 'Not enough chips in the wallet', {
      wallet_type: from.walletType,
      balance: from.balance.toString(),
      amount: request.amount.toString(),
    });
  }

  const [inserted] = await tx
    .insert(ledgerTransfers)
    .values({
      idempotencyKey: request.idempotencyKey,
      kind: request.kind,
      fromAccountId: fromId,
      toAccountId: toId,
      amount: request.amount,
      memo: request.memo ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning();
  if (!inserted) {
    // The same key was committed meanwhile by a transfer over other accounts: still one payment.
    const winner = await findTransfer(tx, request.idempotencyKey);
    if (!winner) throw new Error('idempotency key conflict without a row');
    return replay(winner, fromId, toId, request.amount);
  }

  const amount = request.amount.toString();
  await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + case when ${accounts.id} = ${fromId} then -${amount}::bigint else ${amount}::bigint end` })
    .where(inArray(accounts.id, [fromId, toId]));
  await tx.insert(ledgerEntries).values([
    { transferId: inserted.id, accountId: fromId, amount: -request.amount },
    { transferId: inserted.id, accountId: toId, amount: request.amount },
  ]);
  return ok({ transfer: toRecord(inserted), isReplay: false });
}

async function findTransfer(tx: Tx, key: string) {
  const [row] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
  return row;
}

function replay(row: typeof ledgerTransfers.$inferSelect, fromId: number, toId: number, amount: bigint): TransferResult {
  // A key the client chose may come back for another movement (a price changed between a request
  // and its retry): that is the client's mistake to hear about, not a 500; nothing moves.
  if (row.fromAccountId !== fromId || row.toAccountId !== toId || row.amount !== amount) {
    return failure('wallet/idempotency_key_reused', 'This idempotency key was used for a different movement', {
      idempotency_key: row.idempotencyKey,
    });
  }
  return ok({ transfer: toRecord(row), isReplay: true });
}

function toRecord(row: typeof ledgerTransfers.$inferSelect): TransferRecord {
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    kind: row.kind,
    fromAccountId: row.fromAccountId,
    toAccountId: row.toAccountId,
    amount: row.amount,
    createdAt: row.createdAt,
  };
}

type LockedAccount = { id: number; userId: number | null; walletType: string; balance: bigint };
type LockedRow = LockedAccount & { systemKey: string | null };

const matches = (ref: AccountRef) =>
  'accountId' in ref
    ? eq(accounts.id, ref.accountId)
    : 'userId' in ref
      ? and(eq(accounts.userId, ref.userId), eq(accounts.walletType, ref.walletType))
      : and(eq(accounts.systemKey, ref.system), eq(accounts.walletType, ref.walletType));

const isRef = (row: LockedRow, ref: AccountRef) =>
  'accountId' in ref
    ? row.id === ref.accountId
    : 'userId' in ref
      ? row.userId === ref.userId && row.walletType === ref.walletType
      : row.systemKey === ref.system && row.walletType === ref.walletType;

const lockedColumns = {
  id: accounts.id,
  userId: accounts.userId,
  systemKey: accounts.systemKey,
  walletType: accounts.walletType,
  balance: accounts.balance,
};

/**
 * Locks the accounts in one statement, in id order (the fixed order that rules out deadlocks).
 * A system account seen for the first time is created and then locked; its id is the highest, so
 * the order still holds. A missing user wallet is simply absent from the answer.
 */
async function lockRows(tx: Tx, refs: readonly AccountRef[]): Promise<LockedRow[]> {
  const rows = await tx
    .select(lockedColumns)
    .from(accounts)
    .where(or(...refs.map(matches)))
    .orderBy(asc(accounts.id))
    .for('update');
  const missing = refs.filter((ref) => 'system' in ref && !rows.some((row) => isRef(row, ref)));
  if (missing.length === 0) return rows;
  for (const ref of missing) await resolveAccount(tx, ref);
  const created = await tx
    .select(lockedColumns)
    .from(accounts)
    .where(or(...missing.map(matches)))
    .orderBy(asc(accounts.id))
    .for('update');
  return [...rows, ...created];
}

/** Finds and locks both accounts of a transfer. */
async function lockAccounts(
  tx: Tx,
  fromRef: AccountRef,
  toRef: AccountRef,
): Promise<{ from: LockedAccount; to: LockedAccount } | undefined> {
  const rows = await lockRows(tx, [fromRef, toRef]);
  const from = rows.find((r) => isRef(r, fromRef));
  const to = rows.find((r) => isRef(r, toRef));
  return from && to ? { from, to } : undefined;
}

/**
 * Locks every listed account before a series of transfers among them (a game's payouts): each
 * transfer locks its own pair in id order, but pairs taken one after another in seat order could
 * still cross with another room paying the same players, so the whole set is taken first. The
 * locks last until the caller's transaction ends.
 */
export async function lockAccountSet(tx: Tx, refs: readonly AccountRef[]): Promise<void> {
  await lockRows(tx, refs);
}

/** The account's id; system accounts are created on first use, user wallets must exist. */
export async function resolveAccount(tx: Tx, ref: AccountRef): Promise<number | undefined> {
  if ('accountId' in ref) return ref.accountId;
  if ('userId' in ref) {
    const [row] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, ref.userId), eq(accounts.walletType, ref.walletType)));
    return row?.id;
  }
  await tx.insert(accounts).values({ systemKey: ref.system, walletType: ref.walletType }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.systemKey, ref.system), eq(accounts.walletType, ref.walletType)));
  return row?.id;
}

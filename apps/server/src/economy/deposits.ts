import { recordDepositForAgents } from '../admin/agent-rollups.js';
import type { DepositAnswer, WalletType } from '@durak/protocol';
import { and, eq } from 'drizzle-orm';
import type { Store, Tx } from '../store/db.js';
import { deposits } from '../store/economy-schema.js';
import { transfer } from '../wallets/ledger.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';

/** The system account deposits are credited from (one per wallet type; its balance is negative). */
export const DEPOSITS = 'deposits';
/** No single deposit may bring more than this; keeps every balance far from the BIGINT limit. */
export const MAX_DEPOSIT = 1_000_000_000n;

export interface PendingDeposit {
  readonly id: number;
  readonly userId: number;
  readonly walletType: WalletType;
  readonly amount: bigint;
}

/**
 * A way to pay (FEATURES.md §2). `sandbox` completes a deposit inside the transaction that
 * records it; a real provider gives a URL where the user pays and completes the deposit later
 * (the Telegram webhook).
 */
export interface DepositProvider {
  readonly name: string;
  /** A reason the amount cannot be paid this way (a 400 naming `amount`), or nothing. */
  checkAmount(amount: bigint): string | undefined;
  readonly completesAtOnce: boolean;
  /** Where the user pays; only for providers that do not complete at once. */
  payUrl?(deposit: PendingDeposit): Promise<Result<string>>;
}

type DepositRow = typeof deposits.$inferSelect;
const answerOf = (row: DepositRow): DepositAnswer => ({
  deposit_id: row.id,
  status: row.status === 'completed' ? 'completed' : 'pending',
  ...(row.payUrl ? { pay_url: row.payUrl } : {}),
});

/**
 * Completes a pending deposit: deposits -> wallet under the deposit's own key, so however many
 * times a provider reports the payment the wallet is credited once. Locks the deposit's row first.
 */
export async function completeDeposit(
  tx: Tx,
  depositId: number,
  chargeId: string | null,
): Promise<Result<{ row: DepositRow; isNew: boolean }>> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!row) return failure('payment/deposit_not_found', 'No such deposit', { deposit_id: depositId });
  if (row.status === 'completed') return ok({ row, isNew: false });
  const walletType = row.walletType as WalletType;
  const paid = await transfer(tx, {
    from: { system: DEPOSITS, walletType },
    to: { userId: row.userId, walletType },
    amount: row.amount,
    kind: 'deposit',
    idempotencyKey: `deposit:${row.id}`,
    memo: { provider: row.provider, ...(chargeId ? { charge_id: chargeId } : {}) },
  });
  if (!paid.ok) return { ok: false, error: paid.error };
  const [done] = await tx
    .update(deposits)
    .set({ status: 'completed', completedAt: new Date(), externalChargeId: chargeId })
    .where(eq(deposits.id, row.id))
    .returning();
  if (!done) throw new Error(`deposit ${row.id} vanished while completing`);
  // The agents above the player count it in their figures, committed with the money.
  await recordDepositForAgents(tx, { userId: row.userId, amount: row.amount, at: done.completedAt ?? new Date() });
  return ok({ row: done, isNew: true });
}

export function createDepositsService(deps: {
  store: Store;
  providers: readonly DepositProvider[];
  onWalletChange: (userId: number) => Promise<void>;
  /** Responsible play's limits and fair play's freeze, asked before a new deposit is recorded. */
  guard: StakeGuard;
  /** The clock deposits are dated by: the deposit limits' rolling periods are measured on it. */
  now: () => Date;
}) {
  const { store } = deps;
  const byName = new Map(deps.providers.map((p) => [p.name, p]));

  return {
    providerNames: () => [...byName.keys()],

    /**
     * Starts (or, for the same key, repeats) a deposit. The row is unique per user and key, so
     * concurrent retries find one deposit; the same key with another amount, wallet or provider
     * is refused rather than guessed at.
     */
    async deposit(
      userId: number,
      providerName: string,
      walletType: WalletType,
      amount: bigint,
      key: string,
    ): Promise<Result<DepositAnswer>> {
      const provider = byName.get(providerName);
      if (!provider)
        return failure('payment/provider_not_found', `No payment provider "${providerName}"`, {
          provider: providerName,
          known: [...byName.keys()],
        });
      const tooMuch = amount > MAX_DEPOSIT ? `must be at most ${MAX_DEPOSIT}` : provider.checkAmount(amount);
      if (tooMuch) return failure('request/invalid', `amount: ${tooMuch}`, { field: 'amount', in: 'body' });

      const recorded = await store.withTransaction(async (tx) => {
        // A new deposit asks the guard first (a Stars invoice too: once paid it must be credited,
        // so the limit is held at the asking). The guard's lock on the user makes two racing
        // deposits count each other; a retried key answers its deposit without asking again.
        const [known] = await tx
          .select({ id: deposits.id })
          .from(deposits)
          .where(and(eq(deposits.userId, userId), eq(deposits.idempotencyKey, key)));
        if (!known) {
          const allowed = await deps.guard.check(tx, { userId, kind: 'deposit', walletType, amount });
          if (!allowed.ok) return allowed;
        }
        const [inserted] = await tx
          .insert(deposits)
          .values({ userId, provider: provider.name, walletType, amount, idempotencyKey: key, createdAt: deps.now() })
          .onConflictDoNothing()
          .returning();
        const row =
          inserted ??
          (
            await tx
              .select()
              .from(deposits)
              .where(and(eq(deposits.userId, userId), eq(deposits.idempotencyKey, key)))
          )[0];
        if (!row) throw new Error('deposit key conflict without a row');
        if (row.provider !== provider.name || row.walletType !== walletType || row.amount !== amount) {
          return failure('payment/key_reused', 'This idempotency key was used for another deposit', { deposit_id: row.id });
        }
        if (!provider.completesAtOnce) return ok({ row, isNew: false });
        return completeDeposit(tx, row.id, null);
      });
      if (!recorded.ok) return recorded;
      const { row, isNew } = recorded.value;
      if (isNew) await deps.onWalletChange(userId);
      if (row.status === 'completed' || row.payUrl || !provider.payUrl) return ok(answerOf(row));

      // Outside the transaction: a provider call must not hold row locks. A failed call leaves the
      // deposit pending; the same key asks again.
      const url = await provider.payUrl({ id: row.id, userId, walletType, amount });
      if (!url.ok) return url;
      const [updated] = await store.db.update(deposits).set({ payUrl: url.value }).where(eq(deposits.id, row.id)).returning();
      return ok(answerOf(updated ?? { ...row, payUrl: url.value }));
    },
  };
}

/** The sandbox: pays at once, for development and tests (off with PAYMENTS_SANDBOX=false). */
export const sandboxProvider: DepositProvider = { name: 'sandbox', completesAtOnce: true, checkAmount: () => undefined };

import type { WalletType } from '@durak/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { Store } from '../store/db.js';
import { promoCodes, promoCodeUses } from '../store/economy-schema.js';
import { transfer } from '../wallets/ledger.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';

/** The system account promo chips come from (per wallet type; its balance is negative). */
export const PROMO = 'promo';

export function createPromoCodesService(deps: {
  store: Store;
  now: () => Date;
  onWalletChange: (userId: number) => Promise<void>;
  guard: StakeGuard;
}) {
  const { store, now } = deps;
  return {
    /**
     * Uses a code once per user. The code's row is locked first, so concurrent users of its last
     * use are served one at a time (one wins, the rest see it used up) and one user's concurrent
     * tries find their own use row. The use, the counter and the chips commit together.
     */
    async use(userId: number, code: string): Promise<Result<{ code: string; amount: string; wallet_type: WalletType }>> {
      const outcome = await store.withTransaction(async (tx) => {
        const [promo] = await tx
          .select()
          .from(promoCodes)
          .where(sql`lower(${promoCodes.code}) = lower(${code})`)
          .for('update');
        if (!promo) return failure('promo/not_found', 'No such promo code', { code });
        // A code an admin switched off is over for players, as an expired one is.
        if (!promo.isActive) return failure('promo/expired', 'This promo code is no longer active', { code: promo.code });
        if (promo.expiresAt && promo.expiresAt.getTime() <= now().getTime())
          return failure('promo/expired', 'This promo code has expired', { code: promo.code });
        const [used] = await tx
          .select({ userId: promoCodeUses.userId })
          .from(promoCodeUses)
          .where(and(eq(promoCodeUses.promoCodeId, promo.id), eq(promoCodeUses.userId, userId)));
        if (used) return failure('promo/already_used', 'You have already used this promo code', { code: promo.code });
        if (promo.usedCount >= promo.maxUses) return failure('promo/used_up', 'This promo code has been used up', { code: promo.code });
        const walletType = promo.walletType as WalletType;
        const allowed = await deps.guard.check(tx, { userId, kind: 'redeem', walletType, amount: 0n });
        if (!allowed.ok) return allowed;
        await tx.insert(promoCodeUses).values({ promoCodeId: promo.id, userId });
        await tx
          .update(promoCodes)
          .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
          .where(eq(promoCodes.id, promo.id));
        const paid = await transfer(tx, {
          from: { system: PROMO, walletType },
          to: { userId, walletType },
          amount: promo.amount,
          kind: 'promo_code',
          idempotencyKey: `promo:${promo.id}:${userId}`,
        });
        if (!paid.ok) return { ok: false as const, error: paid.error };
        return ok({ code: promo.code, amount: promo.amount.toString(), wallet_type: walletType });
      });
      if (outcome.ok) await deps.onWalletChange(userId);
      return outcome;
    },
  };
}

import type { AvailableReward } from '@durak/protocol';
import { desc, eq } from 'drizzle-orm';
import type { Db, Store, Tx } from '../store/db.js';
import { dailyRewards } from '../store/economy-schema.js';
import { transfer } from '../wallets/ledger.js';
import { dailyRewardAmounts } from './catalogue.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';

/** The system account daily rewards come from (BONUS_BALANCE; its balance is negative). */
export const REWARDS = 'rewards';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The server's UTC day as `YYYY-MM-DD`: every player's day turns at the same moment. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const startOfNextDay = (at: Date) => new Date(Date.parse(utcDay(at)) + DAY_MS);
const amountOf = (streakDay: number) => dailyRewardAmounts[streakDay - 1] ?? dailyRewardAmounts[0]!;

/** Streak day of a claim today: the day after yesterday's, 1 after a missed day, 1 again after day 7. */
function nextStreak(last: { day: string; streakDay: number } | undefined, today: string): number {
  const yesterday = utcDay(new Date(Date.parse(today) - DAY_MS));
  if (!last || last.day !== yesterday) return 1;
  return (last.streakDay % dailyRewardAmounts.length) + 1;
}

async function lastClaim(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(dailyRewards).where(eq(dailyRewards.userId, userId)).orderBy(desc(dailyRewards.day)).limit(1);
  return row;
}

export function createRewardsService(deps: {
  store: Store;
  now: () => Date;
  onWalletChange: (userId: number) => Promise<void>;
  guard: StakeGuard;
}) {
  const { store, now } = deps;
  return {
    /** Today's reward if unclaimed; otherwise tomorrow's, with when it opens. */
    async available(userId: number): Promise<AvailableReward> {
      const at = now();
      const today = utcDay(at);
      const last = await lastClaim(store.db, userId);
      if (last?.day === today) {
        const streakDay = (last.streakDay % dailyRewardAmounts.length) + 1;
        return {
          is_available: false,
          amount: amountOf(streakDay).toString(),
          streak_day: streakDay,
          next_at: startOfNextDay(at).toISOString(),
        };
      }
      const streakDay = nextStreak(last, today);
      return { is_available: true, amount: amountOf(streakDay).toString(), streak_day: streakDay, next_at: at.toISOString() };
    },

    /**
     * Credits today's reward: rewards -> BONUS_BALANCE. The (user, day) primary key and the
     * ledger key `daily_reward:{user}:{day}` make concurrent claims pay once; the loser gets 409.
     */
    async claim(userId: number) {
      const at = now();
      const today = utcDay(at);
      const outcome = await store.withTransaction(async (tx) => {
        const allowed = await deps.guard.check(tx, { userId, kind: 'claim', walletType: 'BONUS_BALANCE', amount: 0n });
        if (!allowed.ok) return allowed;
        const last = await lastClaim(tx, userId);
        const streakDay = nextStreak(last, today);
        const amount = amountOf(streakDay);
        const [inserted] = await tx
          .insert(dailyRewards)
          .values({ userId, day: today, streakDay, amount })
          .onConflictDoNothing()
          .returning();
        if (!inserted)
          return failure('reward/already_claimed', "Today's reward is already claimed", { next_at: startOfNextDay(at).toISOString() });
        const paid = await transfer(tx, {
          from: { system: REWARDS, walletType: 'BONUS_BALANCE' },
          to: { userId, walletType: 'BONUS_BALANCE' },
          amount,
          kind: 'daily_reward',
          idempotencyKey: `daily_reward:${userId}:${today}`,
          memo: { streak_day: streakDay },
        });
        if (!paid.ok) return { ok: false as const, error: paid.error };
        return ok({
          amount: amount.toString(),
          streak_day: streakDay,
          wallet_type: 'BONUS_BALANCE' as const,
          next_at: startOfNextDay(at).toISOString(),
        });
      });
      if (outcome.ok) await deps.onWalletChange(userId);
      return outcome satisfies Result<unknown>;
    },
  };
}

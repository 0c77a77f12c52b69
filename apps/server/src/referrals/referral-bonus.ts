import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { linkedAmong } from '../integrity/linked-accounts.js';
import { publishOrder, withPublications, type Publisher } from '../publishing/outbox.js';
import { queryRows, type Store, type Tx } from '../store/db.js';
import { referralBonuses } from '../store/players-schema.js';
import { users } from '../store/schema.js';
import { issuance } from '../wallets/wallets.js';
import { transfer } from '../wallets/ledger.js';

/** The finished games and different opponents an invited friend needs before the referral bonus. */
export const referralGames = 5;
export const referralOpponents = 3;

/**
 * In a finished game's last transaction (players/record-game.ts), after its players' totals: the
 * referral bonus falls due once the friend has finished 5 games against 3 different opponents
 * and is not linked to the inviter (FEATURES.md §12): a self-referral that surrenders once to its
 * inviter earns nothing. Once: the friend is the key. `games` counts the game just finished.
 */
export async function noteDueReferralBonuses(tx: Tx, players: readonly { userId: number; games: number }[], now: Date): Promise<void> {
  const candidates = players.filter((p) => p.games >= referralGames).map((p) => p.userId);
  if (candidates.length === 0) return;
  const invited = await tx
    .select({ id: users.id, parentId: users.parentId })
    .from(users)
    .where(and(inArray(users.id, candidates), isNotNull(users.parentId)));
  for (const friend of invited) {
    const [paid] = await tx.select({ id: referralBonuses.friendId }).from(referralBonuses).where(eq(referralBonuses.friendId, friend.id));
    if (paid) continue;
    if ((await opponentsOf(tx, friend.id)) < referralOpponents) continue;
    if ((await linkedAmong(tx, [friend.id, friend.parentId!])).length > 0) continue;
    await tx.insert(referralBonuses).values({ friendId: friend.id, parentId: friend.parentId!, dueAt: now }).onConflictDoNothing();
  }
}

/** How many different people the user has finished a rated game against. */
async function opponentsOf(tx: Tx, userId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`
    select count(distinct o.user_id)::int as n
    from rating_history me join rating_history o on o.room_id = me.room_id and o.user_id <> me.user_id
    where me.user_id = ${userId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export interface ReferralBonusOptions {
  readonly store: Store;
  readonly publisher: Publisher;
  /** Chips paid to both the inviter and the friend (BONUS_BALANCE); zero pays nothing and only marks the bonus paid. */
  readonly referralBonus: bigint;
  readonly now: () => Date;
}

/**
 * Pays due referral bonuses, one at a time (SKIP LOCKED: any node may run it): issuance -> the
 * friend and issuance -> the inviter, each with its own key, in one transaction with the paid
 * mark, so a bonus is paid once however many games end at once. Answers how many it paid.
 */
export async function payDueReferralBonuses(options: ReferralBonusOptions, limit = 50): Promise<number> {
  const { store, publisher, now } = options;
  let paid = 0;
  while (paid < limit) {
    // On the friend's own chain; when nothing was due the outbox is empty and nothing is flushed.
    const friend = await withPublications(
      store,
      publisher,
      (id: number | null) => publishOrder.user(id ?? 0),
      async (tx, outbox) => {
        const [due] = await tx
          .select()
          .from(referralBonuses)
          .where(and(isNull(referralBonuses.paidAt), gte(sql`${now().toISOString()}::timestamptz`, referralBonuses.dueAt)))
          .orderBy(asc(referralBonuses.dueAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        if (options.referralBonus > 0n) {
          // Each side's notice names the other one.
          const names = new Map(
            (
              await tx
                .select({ id: users.id, username: users.username })
                .from(users)
                .where(inArray(users.id, [due.friendId, due.parentId]))
            ).map((u) => [u.id, u.username]),
          );
          for (const [userId, side] of [
            [due.friendId, 'friend'],
            [due.parentId, 'inviter'],
          ] as const) {
            const moved = await transfer(tx, {
              from: { system: issuance, walletType: 'BONUS_BALANCE' },
              to: { userId, walletType: 'BONUS_BALANCE' },
              amount: options.referralBonus,
              kind: 'referral_bonus',
              idempotencyKey: `referral:${due.friendId}:${side}`,
              memo: { friend_id: due.friendId },
            });
            if (!moved.ok) throw new Error(`referral bonus of ${due.friendId} failed: ${moved.error.code}`);
            outbox.toUser(userId, { type: 'wallet_changed', wallet_type: 'BONUS_BALANCE', amount: options.referralBonus.toString() });
            const other = names.get(side === 'friend' ? due.parentId : due.friendId) ?? '';
            outbox.toUser(userId, {
              type: 'referral_bonus',
              role: side,
              other_username: other,
              wallet_type: 'BONUS_BALANCE',
              amount: options.referralBonus.toString(),
            });
          }
        }
        await tx.update(referralBonuses).set({ paidAt: now() }).where(eq(referralBonuses.friendId, due.friendId));
        return due.friendId;
      },
    );
    if (friend === null) break;
    paid++;
  }
  return paid;
}

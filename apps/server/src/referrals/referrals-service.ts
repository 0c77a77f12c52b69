import type { UserId } from '@durak/protocol';
import { desc, eq, sql } from 'drizzle-orm';
import { isUserOnline } from '../presence/online.js';
import type { Publisher, RealtimeChannels } from '../publishing/outbox.js';
import type { Store } from '../store/db.js';
import { users } from '../store/schema.js';
import { payDueReferralBonuses } from './referral-bonus.js';

export interface ReferralsOptions {
  readonly store: Store;
  /** Presence reads: who of the referrals is online. */
  readonly realtime: RealtimeChannels;
  readonly publisher: Publisher;
  /** Chips paid to both the inviter and the friend after the friend's first games (BONUS_BALANCE). */
  readonly referralBonus: bigint;
  readonly now?: () => Date;
}

/**
 * Referrals (FEATURES.md §3, §12): the people a player invited and who invited them, and the
 * referral bonus both get once the friend has played (due in the game's last transaction,
 * `noteDueReferralBonuses`; paid by a sweeper task, `payDueReferrals`).
 */
export function createReferralsService(options: ReferralsOptions) {
  const { store } = options;
  const now = options.now ?? (() => new Date());

  return {
    /** What a friend's first games pay to both (REFERRAL_BONUS). */
    referralBonus: options.referralBonus,

    /** The people the caller invited, paged, and who invited the caller (so both see each other). */
    async referrals(userId: UserId, page: number, limit: number) {
      const games = sql<number>`coalesce((select s.games from player_stats s where s.user_id = ${users.id}), 0)`;
      const columns = {
        id: users.id,
        username: users.username,
        avatar: users.avatarUrl,
        country: users.country,
        joinedAt: users.createdAt,
        games,
      };
      const rows = await store.db
        .select(columns)
        .from(users)
        .where(eq(users.parentId, userId))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit + 1)
        .offset((page - 1) * limit);
      const [inviter] = await store.db
        .select(columns)
        .from(users)
        .where(sql`${users.id} = (select u.parent_id from users u where u.id = ${userId})`);
      const line = async (r: (typeof rows)[number]) => {
        const isOnline = await isUserOnline(options.realtime, r.id);
        return {
          user_id: r.id,
          username: r.username,
          avatar: r.avatar,
          country: r.country,
          is_online: isOnline,
          joined_at: r.joinedAt.toISOString(),
          games: r.games,
        };
      };
      const items = await Promise.all(rows.slice(0, limit).map(line));
      return { items, hasNext: rows.length > limit, invitedBy: inviter ? await line(inviter) : null };
    },

    /** Pays due referral bonuses (a sweeper task, registered in app.ts): how many it paid. */
    payDueReferrals(limit = 50): Promise<number> {
      return payDueReferralBonuses({ store, publisher: options.publisher, referralBonus: options.referralBonus, now }, limit);
    },
  };
}

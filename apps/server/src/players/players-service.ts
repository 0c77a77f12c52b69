import type { UserId, WalletType } from '@durak/protocol';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Store } from '../store/db.js';
import { playerStats, ratingHistory, referralBonuses, videoViews } from '../store/players-schema.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import { publishOrder, withPublications, type Publisher, type RealtimeChannels } from '../publishing/outbox.js';
import { issuance } from '../wallets/wallets.js';
import { transfer } from '../wallets/ledger.js';

export interface PlayersOptions {
  readonly store: Store;
  /** Presence reads: who of the referrals is online. */
  readonly realtime: RealtimeChannels;
  readonly publisher: Publisher;
  /** Chips paid to both the inviter and the friend after the friend's first game (BONUS_BALANCE). */
  readonly referralBonus: bigint;
  readonly now?: () => Date;
}

export interface RatingLine {
  readonly place: number;
  readonly user_id: number;
  readonly username: string;
  readonly avatar: string | null;
  readonly country: string | null;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
}

const weekMs = 7 * 24 * 3600 * 1000;
const walletOfRoom = (type: string) => type as WalletType;

/** The player's pages (FEATURES.md §3): the rating table, the career, the games, the friends, the video counter. */
export function createPlayersService(options: PlayersOptions) {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const { publisher } = options;

  /** The ranked set of a period: everyone rated, or those who played a rated game in the last 7 days. */
  function ranked(period: 'all' | 'week') {
    const since = new Date(now().getTime() - weekMs);
    const games =
      period === 'week'
        ? sql<number>`(select count(*)::int from rating_history h where h.user_id = ${playerStats.userId} and h.at >= ${since.toISOString()}::timestamptz)`
        : sql<number>`${playerStats.games}`;
    const wins =
      period === 'week'
        ? sql<number>`(select count(*)::int from rating_history h where h.user_id = ${playerStats.userId} and h.at >= ${since.toISOString()}::timestamptz and h.result = 'victory')`
        : sql<number>`${playerStats.wins}`;
    const active =
      period === 'week'
        ? sql`exists (select 1 from rating_history h where h.user_id = ${playerStats.userId} and h.at >= ${since.toISOString()}::timestamptz)`
        : sql`${playerStats.games} > 0`;
    return { games, wins, active };
  }

  const service = {
    /** What a friend's first game pays to both (REFERRAL_BONUS). */
    referralBonus: options.referralBonus,

    async rating(query: { period: 'all' | 'week'; page: number; limit: number }, callerId: UserId) {
      const { games, wins, active } = ranked(query.period);
      const rows = await store.db
        .select({
          userId: playerStats.userId,
          rating: playerStats.rating,
          username: users.username,
          avatar: users.avatarUrl,
          country: users.country,
          games,
          wins,
        })
        .from(playerStats)
        .innerJoin(users, eq(users.id, playerStats.userId))
        .where(active)
        .orderBy(desc(playerStats.rating), asc(playerStats.userId))
        .limit(query.limit + 1)
        .offset((query.page - 1) * query.limit);
      const offset = (query.page - 1) * query.limit;
      const line = (r: (typeof rows)[number], place: number): RatingLine => ({
        place,
        user_id: r.userId,
        username: r.username,
        avatar: r.avatar,
        country: r.country,
        rating: Math.round(r.rating),
        games: r.games,
        wins: r.wins,
      });
      const items = rows.slice(0, query.limit).map((r, i) => line(r, offset + i + 1));
      // The caller's own place: everyone ranked above them (the index on rating answers it).
      const [mine] = await store.db
        .select({
          userId: playerStats.userId,
          rating: playerStats.rating,
          username: users.username,
          avatar: users.avatarUrl,
          country: users.country,
          games,
          wins,
        })
        .from(playerStats)
        .innerJoin(users, eq(users.id, playerStats.userId))
        .where(and(eq(playerStats.userId, callerId), active));
      let me: RatingLine | null = null;
      if (mine) {
        const [above] = await store.db
          .select({ n: sql<number>`count(*)::int` })
          .from(playerStats)
          .where(
            and(
              active,
              sql`(${playerStats.rating} > ${mine.rating} or (${playerStats.rating} = ${mine.rating} and ${playerStats.userId} < ${callerId}))`,
            ),
          );
        me = line(mine, (above?.n ?? 0) + 1);
      }
      return { items, hasNext: rows.length > query.limit, me };
    },

    async career(userId: UserId) {
      const [row] = await store.db.select().from(playerStats).where(eq(playerStats.userId, userId));
      const history = await store.db
        .select({ at: ratingHistory.at, rating: ratingHistory.rating })
        .from(ratingHistory)
        .where(eq(ratingHistory.userId, userId))
        .orderBy(desc(ratingHistory.at))
        .limit(200);
      const games = row?.games ?? 0;
      return {
        games,
        wins: row?.wins ?? 0,
        defeats: row?.defeats ?? 0,
        draws: row?.draws ?? 0,
        win_rate: games === 0 ? 0 : Math.round(((row?.wins ?? 0) / games) * 1000) / 1000,
        best_streak: row?.bestStreak ?? 0,
        current_streak: row?.currentStreak ?? 0,
        rating: Math.round(row?.rating ?? 1500),
        rd: Math.round(row?.rd ?? 350),
        wallets: [
          { wallet_type: 'BONUS_BALANCE' as const, won: (row?.wonBonus ?? 0n).toString(), lost: (row?.lostBonus ?? 0n).toString() },
          { wallet_type: 'BALANCE' as const, won: (row?.wonBalance ?? 0n).toString(), lost: (row?.lostBalance ?? 0n).toString() },
        ],
        history: history.reverse().map((h) => ({ at: h.at.toISOString(), rating: Math.round(h.rating) })),
      };
    },

    async games(userId: UserId, page: number, limit: number) {
      const rows = await store.db
        .select({ room: rooms })
        .from(rooms)
        .innerJoin(roomSeats, and(eq(roomSeats.roomId, rooms.id), eq(roomSeats.userId, userId)))
        // Practice games (bots) are not part of a career.
        .where(and(eq(rooms.status, 'FINISHED'), isNull(rooms.botLevel)))
        .orderBy(desc(rooms.finishedAt), desc(rooms.id))
        .limit(limit + 1)
        .offset((page - 1) * limit);
      const items = rows.slice(0, limit).map(({ room }) => {
        const mine = ((room.results as { player_id: string; result: string; place: number; amount: string }[] | null) ?? []).find(
          (r) => r.player_id === String(userId),
        );
        return {
          room_id: room.id,
          finished_at: (room.finishedAt ?? room.createdAt).toISOString(),
          // A room closed before its game started has no result: nothing was staked.
          result: (mine?.result ?? null) as 'victory' | 'defeat' | 'draw' | null,
          place: mine?.place ?? null,
          amount: mine?.amount ?? '0',
          balance_type: walletOfRoom(room.balanceType),
          bet_amount: room.betAmount.toString(),
          player_count: room.playerCount,
          deck_size: room.deckSize,
          tournament_id: room.tournamentId,
          seed_hash: room.seedHash,
        };
      });
      return { items, hasNext: rows.length > limit };
    },

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
        let isOnline = false;
        try {
          isOnline = (await options.realtime.presence(`#${r.id}`)).users.length > 0;
        } catch {
          // Presence is a nicety: without it everyone shows offline.
        }
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

    /** Counts one view per user, video and UTC day; answers whether this call counted. */
    async viewVideo(userId: UserId, videoId: string) {
      const day = now().toISOString().slice(0, 10);
      const inserted = await store.db
        .insert(videoViews)
        .values({ videoId, userId, day })
        .onConflictDoNothing()
        .returning({ userId: videoViews.userId });
      return { counted: inserted.length > 0 };
    },

    async videoCount(videoId: string) {
      const [row] = await store.db
        .select({ n: sql<number>`count(*)::int` })
        .from(videoViews)
        .where(eq(videoViews.videoId, videoId));
      return { count: row?.n ?? 0 };
    },

    /**
     * Pays due referral bonuses, one at a time (SKIP LOCKED: any node may run it): issuance ->
     * the friend and issuance -> the inviter, each with its own key, in one transaction with the
     * paid mark, so a bonus is paid once however many games end at once.
     */
    async payDueReferrals(limit = 50): Promise<number> {
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
    },
  };
  return service;
}

export type PlayersService = ReturnType<typeof createPlayersService>;

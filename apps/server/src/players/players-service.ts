import type { UserId, WalletType } from '@durak/protocol';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Store } from '../store/db.js';
import { playerStats, ratingHistory, videoViews } from '../store/players-schema.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import type { Publisher, RealtimeChannels } from '../publishing/outbox.js';
import { createReferralsService } from '../referrals/referrals-service.js';

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

/** The player's pages (FEATURES.md §3): the rating table, the career, the games, the referrals, the video counter. */
export function createPlayersService(options: PlayersOptions) {
  const { store } = options;
  const now = options.now ?? (() => new Date());

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
  };
  // The referrals (referrals/) are one of the player's pages: the routes and the sweeper reach
  // them through this service.
  return { ...service, ...createReferralsService(options) };
}

export type PlayersService = ReturnType<typeof createPlayersService>;

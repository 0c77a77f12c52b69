import { z } from 'zod';
import { links, pageQuery, walletType } from './common.js';

/** GET /api/v1/player/rating (FEATURES.md §3). */
export const ratingQuery = pageQuery.extend({ period: z.enum(['all', 'week']).default('all') });
export type RatingPeriod = z.infer<typeof ratingQuery>['period'];
export const ratingLine = z.object({
  place: z.number(),
  user_id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
  rating: z.number(),
  games: z.number(),
  wins: z.number(),
});
export type RatingLine = z.infer<typeof ratingLine>;
/** The page of the table and, separately, the caller's own line (null before a first rated game). */
export const ratingList = z.object({ items: z.array(ratingLine), links, me: ratingLine.nullable() });
export type RatingList = z.infer<typeof ratingList>;

/** GET /api/v1/player/career: the caller's totals, per-wallet chips and rating history. */
export const career = z.object({
  games: z.number(),
  wins: z.number(),
  defeats: z.number(),
  draws: z.number(),
  win_rate: z.number(),
  best_streak: z.number(),
  current_streak: z.number(),
  rating: z.number(),
  rd: z.number(),
  wallets: z.array(z.object({ wallet_type: walletType, won: z.string(), lost: z.string() })),
  history: z.array(z.object({ at: z.string(), rating: z.number() })),
});
export type Career = z.infer<typeof career>;

/** GET /api/v1/player/games: the caller's finished games, newest first. */
export const playerGame = z.object({
  room_id: z.number(),
  finished_at: z.string(),
  result: z.enum(['victory', 'defeat', 'draw']).nullable(),
  place: z.number().nullable(),
  amount: z.string(),
  balance_type: walletType,
  bet_amount: z.string(),
  player_count: z.number(),
  deck_size: z.number(),
  tournament_id: z.number().nullable(),
  seed_hash: z.string().nullable(),
});
export type PlayerGame = z.infer<typeof playerGame>;
export const playerGameList = z.object({ items: z.array(playerGame), links });
export type PlayerGameList = z.infer<typeof playerGameList>;

/** GET /api/user/referrals: the people the caller invited, and the one who invited the caller. */
export const referral = z.object({
  user_id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
  is_online: z.boolean(),
  joined_at: z.string(),
  games: z.number(),
});
export type Referral = z.infer<typeof referral>;
/** The caller's invited players, who invited the caller, and the bonus a friend's first game pays to both. */
export const referralList = z.object({ items: z.array(referral), links, invited_by: referral.nullable(), bonus: z.string() });
export type ReferralList = z.infer<typeof referralList>;

/** The video counter: one view per user, video and UTC day. */
const videoId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
  .default('main');
export const videoViewBody = z.object({ video_id: videoId }).default({ video_id: 'main' });
export const videoCountQuery = z.object({ video_id: videoId });
export const videoViewAnswer = z.object({ counted: z.boolean() });
export const videoCountAnswer = z.object({ count: z.number() });

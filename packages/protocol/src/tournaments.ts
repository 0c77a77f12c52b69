import { z } from 'zod';
import { chipsAmountOrZeroText, chipsAmountText, isoDate, queryNumber, smallPathId } from './bounds.js';
import { links, pageQuery, walletType } from './common.js';
import { cardTransferPermission, ruleOptionFields } from './rooms.js';

export const tournamentStatus = z.enum(['registration', 'running', 'paused', 'finished', 'cancelled']);
export type TournamentStatus = z.infer<typeof tournamentStatus>;
/** A knockout (FEATURES.md §1) or an arena (§15: a clock, points, a new opponent after each game). */
export const tournamentFormat = z.enum(['knockout', 'arena']);
export type TournamentFormat = z.infer<typeof tournamentFormat>;

/** What an admin sends to create a tournament (FEATURES.md §1): every field but id, status, round and counts. */
export const createTournamentBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    buy_in: chipsAmountText,
    balance_type: walletType,
    starts_at: isoDate,
    min_players: z.number().int().min(2).max(10_000),
    max_players: z.number().int().min(2).max(10_000),
    /** A knockout's tables (2-6); an arena sends `table_size` instead. */
    room_size: z.number().int().min(2).max(6).optional(),
    format: tournamentFormat.default('knockout'),
    /** An arena's length in arena minutes (ARENA_MINUTE_SECONDS each). */
    duration_minutes: z.number().int().min(10).max(240).optional(),
    /** An arena's tables: 2-4 players each. */
    table_size: z.number().int().min(2).max(4).optional(),
    ...ruleOptionFields,
    rebuy_rounds: z.number().int().min(0).max(20).default(0),
    rebuy_price: chipsAmountOrZeroText.default(0n),
    guaranteed_pool: chipsAmountOrZeroText.default(0n),
    /** The house fee, whole chips per entry and per rebuy, paid beside them and never into the pool. */
    fee: chipsAmountOrZeroText.default(0n),
    payout_preset_id: z.number().int().min(1),
    is_pinned: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.min_players > v.max_players) ctx.addIssue({ code: 'custom', path: ['min_players'], message: 'must not exceed max_players' });
    arenaIssues(v).forEach((issue) => ctx.addIssue({ code: 'custom', ...issue }));
    if (v.deck_size === 24 && (v.room_size ?? 0) > 4)
      ctx.addIssue({ code: 'custom', path: ['room_size'], message: 'a 24-card deck seats at most 4 players' });
    if (v.is_classic_mode_allowed === v.is_death_match_allowed) {
      ctx.addIssue({
        code: 'custom',
        path: ['is_death_match_allowed'],
        message: 'exactly one of is_classic_mode_allowed and is_death_match_allowed',
      });
    }
    if (v.rebuy_rounds > 0 && v.rebuy_price <= 0n)
      ctx.addIssue({ code: 'custom', path: ['rebuy_price'], message: 'must be positive when rebuys are allowed' });
  });
export type CreateTournamentBody = z.infer<typeof createTournamentBody>;

/** What each format needs: a knockout its room size, an arena its clock and table size and no rebuys. */
function arenaIssues(v: {
  format: TournamentFormat;
  room_size?: number | undefined;
  duration_minutes?: number | undefined;
  table_size?: number | undefined;
  rebuy_rounds: number;
}): { path: string[]; message: string }[] {
  if (v.format === 'knockout') {
    const issues = v.room_size === undefined ? [{ path: ['room_size'], message: 'Required' }] : [];
    for (const field of ['duration_minutes', 'table_size'] as const)
      if (v[field] !== undefined) issues.push({ path: [field], message: 'only an arena has it' });
    return issues;
  }
  const issues: { path: string[]; message: string }[] = [];
  if (v.duration_minutes === undefined) issues.push({ path: ['duration_minutes'], message: 'Required' });
  if (v.table_size === undefined) issues.push({ path: ['table_size'], message: 'Required' });
  if (v.rebuy_rounds > 0) issues.push({ path: ['rebuy_rounds'], message: 'an arena has no rebuys' });
  return issues;
}
/** What the admin form sends (amounts as decimal strings, FEATURES.md §1). */
export type CreateTournamentRequest = z.input<typeof createTournamentBody>;

export const tournamentIdBody = z.object({ tournament_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const tournamentIdParams = z.object({ id: smallPathId });
export const tournamentListQuery = pageQuery.extend({ status: tournamentStatus.optional() });
export const tournamentRoomsQuery = pageQuery.extend({ round: queryNumber(1, 10_000).optional() });
export const pinBody = z.object({ is_pinned: z.boolean() });
export const placeInfoQuery = z.object({ place: queryNumber(1, 10_000).optional() });

export const tournamentPlayerInfo = z.object({
  is_registered: z.boolean(),
  is_eliminated: z.boolean(),
  place: z.number().nullable(),
  rebuys: z.number(),
  prize: z.string().nullable(),
  /** The caller's running game, to open at /durak/{id}; null between games. */
  room_id: z.number().nullable(),
  /** The round the caller sits out with a bye (an odd one out at the draw): they go straight on to the next. */
  bye_round: z.number().nullable(),
  /** An arena: the caller took themselves out of the pairing (`pause`); `join` brings them back. */
  is_paused: z.boolean(),
});

export const tournament = z.object({
  id: z.number(),
  name: z.string(),
  status: tournamentStatus,
  buy_in: z.string(),
  balance_type: walletType,
  starts_at: z.string(),
  min_players: z.number(),
  max_players: z.number(),
  room_size: z.number(),
  deck_size: z.number(),
  is_speed_mode: z.boolean(),
  is_transfer_allowed: z.boolean(),
  is_cheating_allowed: z.boolean(),
  is_draw_allowed: z.boolean(),
  is_death_match_allowed: z.boolean(),
  is_classic_mode_allowed: z.boolean(),
  card_transfer_permission: cardTransferPermission,
  secret_trump_mode: z.boolean(),
  rebuy_rounds: z.number(),
  rebuy_price: z.string(),
  guaranteed_pool: z.string(),
  /** The house fee per entry and per rebuy (whole chips), on top of buy_in / rebuy_price. */
  fee: z.string(),
  payout_preset_id: z.number(),
  is_pinned: z.boolean(),
  round: z.number(),
  /** The current round is the final (its finishing order gives the top places; no more rebuys). */
  is_final: z.boolean(),
  players_count: z.number(),
  pool: z.string(),
  /** When the next round is seated (between rounds), else null. */
  next_round_at: z.string().nullable(),
  format: tournamentFormat,
  /** An arena's length in arena minutes; null for a knockout. */
  duration_minutes: z.number().nullable(),
  /** An arena's table size (also in room_size); null for a knockout. */
  table_size: z.number().nullable(),
  /** When a running arena's clock ends (no new game after it); null otherwise. */
  ends_at: z.string().nullable(),
});
export type TournamentPayload = z.infer<typeof tournament>;
/**
 * The caller's running tournament game, if any (FEATURES.md §10): the web takes a player who had
 * no page open when the round started to their table on their next load.
 */
export const tournamentSeat = z.object({
  seat: z.object({ tournament_id: z.number(), tournament_name: z.string(), round: z.number(), room_id: z.number() }).nullable(),
});
export type TournamentSeat = z.infer<typeof tournamentSeat>;

export const tournamentDetail = tournament.extend({ player_info: tournamentPlayerInfo });
/**
 * `POST tournament/{id}/pause`: an arena's own player pauses themself and gets their detail; an
 * admin pauses the whole tournament and gets the tournament (FEATURES.md §15).
 */
export const tournamentPauseAnswer = tournamentDetail.or(tournament);
export type TournamentDetail = z.infer<typeof tournamentDetail>;
export const tournamentList = z.object({ items: z.array(tournament), links });
export type TournamentList = z.infer<typeof tournamentList>;

export const tournamentPlayer = z.object({
  user_id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
  is_eliminated: z.boolean(),
  place: z.number().nullable(),
  round_reached: z.number(),
});
export type TournamentPlayer = z.infer<typeof tournamentPlayer>;
export const tournamentPlayerList = z.object({ items: z.array(tournamentPlayer), links });
export type TournamentPlayerList = z.infer<typeof tournamentPlayerList>;

export const tournamentRoom = z.object({ id: z.number(), round: z.number(), status: z.string(), player_count: z.number() });
export type TournamentRoom = z.infer<typeof tournamentRoom>;
export const tournamentRoomList = z.object({ items: z.array(tournamentRoom), links });
export type TournamentRoomList = z.infer<typeof tournamentRoomList>;

export const payoutPreset = z.object({ id: z.number(), name: z.string(), places: z.array(z.number()) });
export type PayoutPreset = z.infer<typeof payoutPreset>;
export const payoutPresetList = z.object({ items: z.array(payoutPreset) });
export type PayoutPresetList = z.infer<typeof payoutPresetList>;
export const payoutStructure = z.object({ items: z.array(z.object({ place: z.number(), bps: z.number() })) });
export const prizeDistribution = z.object({ pool: z.string(), items: z.array(z.object({ place: z.number(), amount: z.string() })) });
export type PrizeDistribution = z.infer<typeof prizeDistribution>;

export const adminTournamentInfo = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: tournamentStatus,
      starts_at: z.string(),
      is_pinned: z.boolean(),
      entrants: z.number(),
      rebuys: z.number(),
      pool: z.string(),
      paid: z.string(),
      rake: z.string(),
      format: tournamentFormat,
    }),
  ),
  links,
});
export const placeInfo = z.object({
  items: z.array(z.object({ place: z.number(), user_id: z.number(), username: z.string(), round_reached: z.number(), prize: z.string() })),
  // Every list answers `{items, links}` (DESIGN.md §9); the standings are one page.
  links,
});
export type AdminTournamentInfo = z.infer<typeof adminTournamentInfo>;
export type AdminTournamentRow = AdminTournamentInfo['items'][number];
export type PlaceInfoList = z.infer<typeof placeInfo>;
export type PlaceInfo = PlaceInfoList['items'][number];

/** One line of an arena's board (FEATURES.md §15): places by points, then wins, fewer games, earlier score. */
export const arenaStanding = z.object({
  place: z.number(),
  user_id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  points: z.number(),
  games: z.number(),
  wins: z.number(),
  /** Wins in a row: from 2 on, each further win scores 4. */
  streak: z.number(),
  /** At a table right now. */
  playing: z.boolean(),
  /** Out of the pairing by their own `pause`. */
  paused: z.boolean(),
});
export type ArenaStanding = z.infer<typeof arenaStanding>;
export const arenaStandingList = z.object({ items: z.array(arenaStanding), links });
export type ArenaStandingList = z.infer<typeof arenaStandingList>;
export const standingsQuery = pageQuery;

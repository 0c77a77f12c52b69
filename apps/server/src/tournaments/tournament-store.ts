import type { TournamentDetail, TournamentPayload, TournamentPlayer } from '@durak/protocol';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import { payoutPresets, tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import type { PayoutPreset } from './payouts.js';

export type TournamentRow = typeof tournaments.$inferSelect;
export type EntryRow = typeof tournamentEntries.$inferSelect;

/** The pool's system account (its key in the ledger). */
export const poolAccount = (id: number) => `tournament:${id}`;
/** The house pays a guarantee's overlay. */
export const houseAccount = 'house';

export async function lockTournament(tx: Tx, id: number): Promise<TournamentRow | undefined> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
  return row;
}

/** The next due tournament (its start or its next round), skipping those another node holds. */
export async function lockDueTournament(tx: Tx, now: Date): Promise<TournamentRow | undefined> {
  const [row] = await tx
    .select()
    .from(tournaments)
    .where(sql`${tournaments.dueAt} <= ${now.toISOString()}::timestamptz and ${tournaments.status} in ('registration', 'running')`)
    .orderBy(asc(tournaments.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function entriesOf(tx: Db | Tx, tournamentId: number): Promise<EntryRow[]> {
  return tx.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, tournamentId));
}

export async function registeredCount(db: Db | Tx, tournamentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.isRegistered, true)));
  return row?.n ?? 0;
}

export async function presetById(db: Db | Tx, id: number): Promise<PayoutPreset | undefined> {
  const [row] = await db.select().from(payoutPresets).where(eq(payoutPresets.id, id));
  return row;
}

export async function allPresets(db: Db): Promise<PayoutPreset[]> {
  return db.select().from(payoutPresets).orderBy(asc(payoutPresets.id));
}

/** The pool as players see it: what was paid in, or the guarantee when that is higher. */
export const poolOf = (t: TournamentRow) => (t.paidIn > t.guaranteedPool ? t.paidIn : t.guaranteedPool);

/** The options every game of the tournament is played with, as the API names them. */
export function gameOptionsOf(t: TournamentRow) {
  return {
    deck_size: t.deckSize,
    is_speed_mode: t.isSpeedMode,
    is_transfer_allowed: t.isTransferAllowed,
    is_cheating_allowed: t.isCheatingAllowed,
    is_draw_allowed: t.isDrawAllowed,
    is_death_match_allowed: t.isDeathMatchAllowed,
    is_classic_mode_allowed: t.isClassicModeAllowed,
    card_transfer_permission: t.cardTransferPermission === 'NEIGHBORS_ONLY' ? ('NEIGHBORS_ONLY' as const) : ('ALL_PLAYERS' as const),
    secret_trump_mode: t.secretTrumpMode,
  };
}

export function tournamentJson(t: TournamentRow, playersCount: number): TournamentPayload {
  return {
    id: t.id,
    name: t.name,
    status: t.status as TournamentPayload['status'],
    buy_in: t.buyIn.toString(),
    balance_type: t.balanceType as TournamentPayload['balance_type'],
    starts_at: t.startsAt.toISOString(),
    min_players: t.minPlayers,
    max_players: t.maxPlayers,
    room_size: t.roomSize,
    ...gameOptionsOf(t),
    rebuy_rounds: t.rebuyRounds,
    rebuy_price: t.rebuyPrice.toString(),
    guaranteed_pool: t.guaranteedPool.toString(),
    fee: t.fee.toString(),
    payout_preset_id: t.payoutPresetId,
    is_pinned: t.isPinned,
    round: t.round,
    is_final: t.finalRound !== null && t.finalRound === t.round,
    players_count: playersCount,
    pool: poolOf(t).toString(),
    next_round_at: t.format === 'knockout' && t.status === 'running' && t.round > 0 && t.dueAt ? t.dueAt.toISOString() : null,
    format: t.format === 'arena' ? 'arena' : 'knockout',
    duration_minutes: t.durationMinutes,
    table_size: t.format === 'arena' ? t.roomSize : null,
    ends_at: t.endsAt ? t.endsAt.toISOString() : null,
  };
}

/** A page of tournaments, pinned first, then by start; with each one's registered count. */
export async function listTournaments(db: Db, query: { status?: string | undefined; page: number; limit: number }) {
  const players = sql<number>`(select count(*)::int from tournament_entries e where e.tournament_id = ${tournaments.id} and e.is_registered)`;
  const rows = await db
    .select({ t: tournaments, players })
    .from(tournaments)
    .where(query.status ? eq(tournaments.status, query.status) : undefined)
    .orderBy(desc(tournaments.isPinned), asc(tournaments.startsAt), asc(tournaments.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { items: rows.slice(0, query.limit).map((r) => tournamentJson(r.t, r.players)), hasNext: rows.length > query.limit };
}

export async function listPlayers(
  db: Db,
  tournamentId: number,
  page: number,
  limit: number,
): Promise<{ items: TournamentPlayer[]; hasNext: boolean }> {
  const rows = await db
    .select({ e: tournamentEntries, username: users.username, avatar: users.avatarUrl, country: users.country })
    .from(tournamentEntries)
    .innerJoin(users, eq(users.id, tournamentEntries.userId))
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.isRegistered, true)))
    // Still playing first, then by place; a stable order so pages never repeat or skip a player.
    .orderBy(asc(tournamentEntries.isEliminated), sql`${tournamentEntries.place} asc nulls first`, asc(tournamentEntries.userId))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return {
    items: rows.slice(0, limit).map((r) => ({
      user_id: r.e.userId,
      username: r.username,
      avatar: r.avatar,
      country: r.country,
      is_eliminated: r.e.isEliminated,
      place: r.e.place,
      round_reached: r.e.roundReached,
    })),
    hasNext: rows.length > limit,
  };
}

export async function listTournamentRooms(
  db: Db,
  tournamentId: number,
  query: { round?: number | undefined; page: number; limit: number },
) {
  const playerCount = sql<number>`(select count(*)::int from room_seats s where s.room_id = ${rooms.id})`;
  const rows = await db
    .select({ id: rooms.id, round: rooms.tournamentRound, status: rooms.status, player_count: playerCount })
    .from(rooms)
    .where(and(eq(rooms.tournamentId, tournamentId), query.round === undefined ? undefined : eq(rooms.tournamentRound, query.round)))
    .orderBy(desc(rooms.tournamentRound), asc(rooms.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { items: rows.slice(0, query.limit).map((r) => ({ ...r, round: r.round ?? 0 })), hasNext: rows.length > query.limit };
}

/** The caller's running game in this tournament, if any. */
export async function currentRoomOf(db: Db | Tx, tournamentId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.id))
    .where(and(eq(rooms.tournamentId, tournamentId), eq(roomSeats.userId, userId), eq(rooms.status, 'in_progress')))
    .limit(1);
  return row?.id ?? null;
}

/** The player's running tournament game in any tournament (the newest, should there be two). */
export async function runningSeatOf(
  db: Db | Tx,
  userId: number,
): Promise<{ tournamentId: number; name: string; round: number; roomId: number } | null> {
  const [row] = await db
    .select({ tournamentId: tournaments.id, name: tournaments.name, round: rooms.tournamentRound, roomId: rooms.id })
    .from(rooms)
    .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.id))
    .innerJoin(tournaments, eq(tournaments.id, rooms.tournamentId))
    .where(and(eq(roomSeats.userId, userId), eq(rooms.status, 'in_progress')))
    .orderBy(desc(rooms.id))
    .limit(1);
  return row ? { tournamentId: row.tournamentId, name: row.name, round: row.round ?? 0, roomId: row.roomId } : null;
}

/**
 * The round a player sits out with a bye: the tournament's current round when they are still in
 * it, reached it, and hold no seat at any of its tables; null otherwise.
 */
export async function byeRoundOf(
  db: Db | Tx,
  t: Pick<TournamentRow, 'id' | 'round' | 'status'>,
  entry: { userId: number; isEliminated: boolean; roundReached: number },
): Promise<number | null> {
  if ((t.status !== 'running' && t.status !== 'paused') || t.round === 0 || entry.isEliminated || entry.roundReached !== t.round)
    return null;
  const [seat] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.id))
    .where(and(eq(rooms.tournamentId, t.id), eq(rooms.tournamentRound, t.round), eq(roomSeats.userId, entry.userId)))
    .limit(1);
  return seat === undefined ? t.round : null;
}

/** Every pair of players who already shared a room in this tournament. */
export async function pastPairsOf(tx: Tx, tournamentId: number): Promise<{ roomId: number; userId: number }[]> {
  return tx
    .select({ roomId: roomSeats.roomId, userId: roomSeats.userId })
    .from(roomSeats)
    .innerJoin(rooms, eq(rooms.id, roomSeats.roomId))
    .where(eq(rooms.tournamentId, tournamentId));
}

/** How many of this round's games are still being played. */
export async function unfinishedRooms(tx: Tx, tournamentId: number, round: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(rooms)
    .where(and(eq(rooms.tournamentId, tournamentId), eq(rooms.tournamentRound, round), sql`${rooms.status} <> 'FINISHED'`));
  return row?.n ?? 0;
}

/** A tournament as one player sees it: the tournament, and their entry, table and bye. */
export async function tournamentDetail(db: Db | Tx, userId: number, t: TournamentRow): Promise<TournamentDetail> {
  const [entry] = await db
    .select()
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)));
  const isRegistered = entry?.isRegistered ?? false;
  return {
    ...tournamentJson(t, await registeredCount(db, t.id)),
    player_info: {
      is_registered: isRegistered,
      is_eliminated: isRegistered && (entry?.isEliminated ?? false),
      // Knocked out before the end: the place the round gives, a number rather than a dash (§17).
      place:
        entry?.place ??
        (isRegistered && entry?.isEliminated && entry.eliminatedRound !== null && t.format !== 'arena'
          ? await placeWhenOut(db, t.id, entry.eliminatedRound)
          : null),
      rebuys: entry?.rebuys ?? 0,
      prize: entry?.prize === null || entry?.prize === undefined ? null : entry.prize.toString(),
      room_id: isRegistered && t.status !== 'registration' ? await currentRoomOf(db, t.id, userId) : null,
      bye_round: entry?.isRegistered && t.format === 'knockout' ? await byeRoundOf(db, t, entry) : null,
      is_paused: isRegistered && (entry?.isPaused ?? false),
    },
  };
}

/**
 * The place a knocked-out player holds before the end (FEATURES.md §17: an eliminated player's place
 * is a number, never a dash): the first of the block the players out in that round share, as the
 * final standings give it. Ahead are everyone still in and everyone out in a later round, less the
 * losers still to come from that round's unfinished games (the worse half of each, ceil(k / 2)
 * going on), so the number is the one the end will give unless a rebuy or a draw changes the field.
 */
export async function placeWhenOut(db: Db | Tx, tournamentId: number, round: number): Promise<number> {
  const [ahead] = await db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(
      and(
        eq(tournamentEntries.tournamentId, tournamentId),
        eq(tournamentEntries.isRegistered, true),
        sql`(not ${tournamentEntries.isEliminated} or ${tournamentEntries.eliminatedRound} > ${round})`,
      ),
    );
  const seated = sql<number>`(select count(*)::int from room_seats s where s.room_id = ${rooms.id})`;
  const open = await db
    .select({ seated })
    .from(rooms)
    .where(and(eq(rooms.tournamentId, tournamentId), eq(rooms.tournamentRound, round), sql`${rooms.status} <> 'FINISHED'`));
  const toGoOut = open.reduce((sum, r) => sum + Math.floor(r.seated / 2), 0);
  return (ahead?.n ?? 0) - toGoOut + 1;
}

import type { ResultPayload } from '@durak/protocol';
import { inArray, eq, sql } from 'drizzle-orm';
import { noteDueReferralBonuses } from '../referrals/referral-bonus.js';
import { queryRows, type Tx } from '../store/db.js';
import { playerStats, ratingHistory } from '../store/players-schema.js';
import type { RoomRow } from '../room-core/room-store.js';
import { newPlayerRating, rateGame } from './glicko2.js';

/**
 * A finished game's mark on its players, in the transaction of its last action (the same one
 * that pays it out): every player's Glicko-2 rating from the finishing order, the career totals
 * and streaks, a rating-history row; then the referral bonuses the game makes due (referrals/).
 * Rows are taken in user-id order, so two games sharing players cannot deadlock on them.
 */
export async function recordFinishedGame(tx: Tx, room: RoomRow, results: readonly ResultPayload[], now: Date): Promise<void> {
  const ids = results.map((r) => Number(r.player_id)).sort((a, b) => a - b);
  if (ids.length < 2) return;
  await tx
    .insert(playerStats)
    .values(ids.map((userId) => ({ userId })))
    .onConflictDoNothing();
  const rows = await tx.select().from(playerStats).where(inArray(playerStats.userId, ids)).orderBy(playerStats.userId).for('update');
  const before = new Map(rows.map((r) => [r.userId, r]));
  const rateable = rateGame(
    results.map((r) => {
      const row = before.get(Number(r.player_id));
      return {
        id: Number(r.player_id),
        place: r.place,
        before: row ? { rating: row.rating, rd: row.rd, volatility: row.volatility } : newPlayerRating,
      };
    }),
  );
  // A seat the stand-in played more than half of keeps its rating (FEATURES.md §12): the game
  // says nothing about its player. The others are rated as the table finished.
  const mostlyStandIn = await standInSeats(tx, room.id);
  const rated = new Map(
    [...rateable].map(([id, rating]) => {
      const row = before.get(id);
      return [id, mostlyStandIn.has(id) && row ? { rating: row.rating, rd: row.rd, volatility: row.volatility } : rating];
    }),
  );
  const isBonus = room.balanceType === 'BONUS_BALANCE';
  for (const seatResult of [...results].sort((a, b) => Number(a.player_id) - Number(b.player_id))) {
    const userId = Number(seatResult.player_id);
    const row = before.get(userId)!;
    const rating = rated.get(userId)!;
    const amount = BigInt(seatResult.amount);
    const won = amount > 0n ? amount : 0n;
    const lost = amount < 0n ? -amount : 0n;
    const streak = seatResult.result === 'victory' ? row.currentStreak + 1 : 0;
    await tx
      .update(playerStats)
      .set({
        rating: rating.rating,
        rd: rating.rd,
        volatility: rating.volatility,
        games: row.games + 1,
        wins: row.wins + (seatResult.result === 'victory' ? 1 : 0),
        defeats: row.defeats + (seatResult.result === 'defeat' ? 1 : 0),
        draws: row.draws + (seatResult.result === 'draw' ? 1 : 0),
        currentStreak: streak,
        bestStreak: Math.max(row.bestStreak, streak),
        ...(isBonus
          ? { wonBonus: row.wonBonus + won, lostBonus: row.lostBonus + lost }
          : { wonBalance: row.wonBalance + won, lostBalance: row.lostBalance + lost }),
        updatedAt: now,
      })
      .where(eq(playerStats.userId, userId));
  }
  await tx
    .insert(ratingHistory)
    .values(
      results.map((r) => ({
        userId: Number(r.player_id),
        roomId: room.id,
        rating: rated.get(Number(r.player_id))!.rating,
        rd: rated.get(Number(r.player_id))!.rd,
        result: r.result,
        at: now,
      })),
    )
    .onConflictDoNothing();
  // A friend's games may make the inviter's referral bonus due (referrals/referral-bonus.ts).
  await noteDueReferralBonuses(
    tx,
    ids.map((userId) => ({ userId, games: before.get(userId)!.games + 1 })),
    now,
  );
}

/** The players of the room whose moves the stand-in made more than half of (game_events.cause). */
async function standInSeats(tx: Tx, roomId: number): Promise<Set<number>> {
  const rows = await queryRows<{ player: string; stand_in: number; own: number }>(
    tx,
    sql`
    select action->>'player' as player,
           count(*) filter (where cause = 'stand_in')::int as stand_in,
           count(*) filter (where cause is null)::int as own
    from game_events where room_id = ${roomId} and action ? 'player'
    group by 1`,
  );
  return new Set(rows.filter((r) => Number(r.stand_in) > Number(r.own)).map((r) => Number(r.player)));
}

import { sql } from 'drizzle-orm';
import { flowsOf } from '../integrity/history.js';
import { queryRows, type Db } from '../store/db.js';

interface GameRow {
  readonly id: string | number;
  readonly results: readonly { player_id: string; amount: string; place: number; result_reason?: string }[] | null;
}
interface Opponent {
  user_id: number;
  username: string;
  amount: string;
  result_reason: string;
  flow: string;
}
interface Total {
  user_id: number;
  username: string;
  games: number;
  won_from: string;
  lost_to: string;
}

/**
 * The admin's view of who a user played (FEATURES.md §12): each game's opponents with how their
 * seat ended and the chips that reached the user from them (+) or them from the user (-), and the
 * totals per opponent over those games. The split of a game's chips is the fair-play scan's.
 */
export async function opponentsTable(
  db: Db,
  userId: number,
  games: readonly GameRow[],
): Promise<{ perGame: Map<number, Opponent[]>; totals: Total[] }> {
  const ids = [...new Set(games.flatMap((g) => (g.results ?? []).map((r) => Number(r.player_id))))].filter((id) => id !== userId);
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await queryRows<{ id: number; username: string }>(
              db,
              sql`select id, username from users where id = any(${`{${ids.join(',')}}`}::bigint[])`,
            )
          ).map((r) => [Number(r.id), r.username]),
        );
  const perGame = new Map<number, Opponent[]>();
  const totals = new Map<number, { games: number; won: bigint; lost: bigint }>();
  for (const game of games) {
    const outcomes = (game.results ?? []).map((r) => ({
      userId: Number(r.player_id),
      amount: BigInt(r.amount),
      place: r.place,
      reason: (r.result_reason ?? 'normal') as 'normal',
    }));
    const flows = flowsOf({
      roomId: 0,
      finishedAt: 0,
      bet: 0n,
      walletType: '',
      isPrivate: false,
      isTournament: false,
      outcomes,
      steps: [],
    });
    const lines: Opponent[] = [];
    for (const o of outcomes) {
      if (o.userId === userId) continue;
      const won = flows.get(`${o.userId}>${userId}`) ?? 0n;
      const lost = flows.get(`${userId}>${o.userId}`) ?? 0n;
      lines.push({
        user_id: o.userId,
        username: names.get(o.userId) ?? '',
        amount: o.amount.toString(),
        result_reason: o.reason,
        flow: (won - lost).toString(),
      });
      const total = totals.get(o.userId) ?? { games: 0, won: 0n, lost: 0n };
      totals.set(o.userId, { games: total.games + 1, won: total.won + won, lost: total.lost + lost });
    }
    perGame.set(Number(game.id), lines);
  }
  return {
    perGame,
    totals: [...totals]
      .map(([id, t]) => ({
        user_id: id,
        username: names.get(id) ?? '',
        games: t.games,
        won_from: t.won.toString(),
        lost_to: t.lost.toString(),
      }))
      .sort((a, b) => b.games - a.games || a.user_id - b.user_id),
  };
}

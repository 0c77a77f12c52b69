import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Store } from '../store/db.js';
import { users } from '../store/schema.js';
import { tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import { placeWhenOut, poolOf } from './tournament-store.js';

/** The operators' figures of tournaments (FEATURES.md §1, admin calls). */
export interface TournamentAdmin {
  info(query: { status?: string | undefined; page: number; limit: number }): Promise<{ items: AdminTournamentRow[]; hasNext: boolean }>;
  places(id: number, place?: number): Promise<{ place: number; user_id: number; username: string; round_reached: number; prize: string }[]>;
}

export interface AdminTournamentRow {
  readonly id: number;
  readonly name: string;
  readonly status: 'registration' | 'running' | 'paused' | 'finished' | 'cancelled';
  readonly starts_at: string;
  readonly is_pinned: boolean;
  readonly entrants: number;
  readonly rebuys: number;
  readonly pool: string;
  readonly paid: string;
  /** The house fees kept (entries and rebuys, net of refunds); the guarantee's overlay is not netted out. */
  readonly rake: string;
  /** `knockout` or `arena` (FEATURES.md §15). */
  readonly format: 'knockout' | 'arena';
}

export function createTournamentAdmin(store: Store): TournamentAdmin {
  return {
    async info(query) {
      const entrants = sql<number>`(select count(*)::int from tournament_entries e where e.tournament_id = ${tournaments.id} and e.is_registered)`;
      const rebuys = sql<number>`(select coalesce(sum(e.rebuys), 0)::int from tournament_entries e where e.tournament_id = ${tournaments.id})`;
      const rows = await store.db
        .select({ t: tournaments, entrants, rebuys })
        .from(tournaments)
        .where(query.status ? eq(tournaments.status, query.status) : undefined)
        .orderBy(desc(tournaments.startsAt), desc(tournaments.id))
        .limit(query.limit + 1)
        .offset((query.page - 1) * query.limit);
      return {
        items: rows.slice(0, query.limit).map(({ t, entrants: n, rebuys: r }) => ({
          id: t.id,
          name: t.name,
          status: t.status as AdminTournamentRow['status'],
          starts_at: t.startsAt.toISOString(),
          is_pinned: t.isPinned,
          entrants: n,
          rebuys: r,
          pool: poolOf(t).toString(),
          paid: t.paidOut.toString(),
          rake: t.feesTaken.toString(),
          format: t.format === 'arena' ? ('arena' as const) : ('knockout' as const),
        })),
        hasNext: rows.length > query.limit,
      };
    },

    async places(id, place) {
      const rows = await store.db
        .select({ e: tournamentEntries, username: users.username })
        .from(tournamentEntries)
        .innerJoin(users, eq(users.id, tournamentEntries.userId))
        .where(
          and(
            eq(tournamentEntries.tournamentId, id),
            eq(tournamentEntries.isRegistered, true),
            place === undefined ? undefined : eq(tournamentEntries.place, place),
          ),
        )
        .orderBy(sql`${tournamentEntries.place} asc nulls last`, asc(tournamentEntries.userId));
      // A player knocked out before the end holds the place their round gives (§17); 0 = still playing.
      const byRound = new Map<number, number>();
      for (const r of rows) {
        const round = r.e.eliminatedRound;
        if (r.e.place === null && r.e.isEliminated && round !== null && !byRound.has(round))
          byRound.set(round, await placeWhenOut(store.db, id, round));
      }
      const placeOf = (e: (typeof rows)[number]['e']) => e.place ?? (e.isEliminated ? (byRound.get(e.eliminatedRound ?? -1) ?? 0) : 0);
      return rows.map((r) => ({
        place: placeOf(r.e),
        user_id: r.e.userId,
        username: r.username,
        round_reached: r.e.roundReached,
        prize: (r.e.prize ?? 0n).toString(),
      }));
    },
  };
}

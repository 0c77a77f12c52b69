import type { ArenaStanding, TournamentDetail } from '@durak/protocol';
import { and, eq } from 'drizzle-orm';
import type { Outbox } from '../publishing/outbox.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Store, Tx } from '../store/db.js';
import { tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import { publishStandings, schedulePairing, type ArenaDeps } from './arena-play.js';
import { arenaStandings } from './arena-store.js';
import { lockTournament, type TournamentRow } from './tournament-store.js';

/** What the arena's player calls share with the tournaments service. */
export interface ArenaContext {
  readonly store: Store;
  readonly deps: ArenaDeps;
  inTransaction<T extends Result<unknown>>(id: number, fn: (tx: Tx, outbox: Outbox, at: Date) => Promise<T>): Promise<T>;
  detail(userId: number, t: TournamentRow, db: Tx): Promise<TournamentDetail>;
}

export interface ArenaCalls {
  /** `POST tournament/{id}/join`: a registered player (back) into the arena's pairing. */
  join(userId: number, id: number): Promise<Result<TournamentDetail>>;
  /** `POST tournament/{id}/pause` by a player of the arena: out of the pairing, points kept. */
  pausePlayer(userId: number, id: number): Promise<Result<TournamentDetail>>;
  /** Whether the caller plays in this arena: then `pause` is theirs, not the admin's. */
  isArenaPlayer(userId: number, id: number): Promise<boolean>;
  standings(id: number, page: number, limit: number): Promise<Result<{ items: ArenaStanding[]; hasNext: boolean }>>;
}

const notFound = (id: number) => failure('tournament/not_found', `No tournament ${id}`);

/** The arena's player calls (FEATURES.md §15), each one transaction under the tournament's lock. */
export function createArenaCalls(context: ArenaContext): ArenaCalls {
  const { store, deps, inTransaction, detail } = context;

  /** Locks the arena and the caller's entry, refusing what is not an open arena or not theirs. */
  function onEntry(
    userId: number,
    id: number,
    change: (tx: Tx, t: TournamentRow, at: Date, isPlaying: boolean) => Promise<Partial<typeof tournamentEntries.$inferInsert>>,
  ) {
    return inTransaction(id, async (tx, outbox, at): Promise<Result<TournamentDetail>> => {
      const t = await lockTournament(tx, id);
      if (!t) return notFound(id);
      if (t.format !== 'arena') return failure('tournament/not_arena', 'Only an arena is joined or paused by its players');
      if (t.status === 'finished' || t.status === 'cancelled') return failure('tournament/over', `The arena is already ${t.status}`);
      const where = and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId));
      const [entry] = await tx.select().from(tournamentEntries).where(where);
      if (!entry?.isRegistered) return failure('tournament/not_registered', 'You are not registered in this arena');
      await tx
        .update(tournamentEntries)
        .set(await change(tx, t, at, entry.currentRoomId !== null))
        .where(where);
      await publishStandings(tx, t, outbox);
      const [updated] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
      return ok(await detail(userId, updated!, tx));
    });
  }

  return {
    join(userId, id) {
      return onEntry(userId, id, async (tx, t, at, isPlaying) => {
        if (isPlaying) return { isPaused: false };
        // Waiting from now: the pairing is brought forward so a partner is found within seconds.
        await schedulePairing(tx, t, at, deps);
        return { isPaused: false, freeSince: at };
      });
    },

    pausePlayer(userId, id) {
      // A game in progress is finished and counts; the player is simply not seated again.
      return onEntry(userId, id, async () => ({ isPaused: true }));
    },

    async isArenaPlayer(userId, id) {
      const [row] = await store.db
        .select({ format: tournaments.format, isRegistered: tournamentEntries.isRegistered })
        .from(tournaments)
        .innerJoin(tournamentEntries, eq(tournamentEntries.tournamentId, tournaments.id))
        .where(and(eq(tournaments.id, id), eq(tournamentEntries.userId, userId)));
      return row?.format === 'arena' && row.isRegistered;
    },

    async standings(id, page, limit) {
      const [t] = await store.db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id));
      return t ? ok(await arenaStandings(store.db, id, page, limit)) : notFound(id);
    },
  };
}

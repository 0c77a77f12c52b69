import type { ResultPayload } from '@durak/protocol';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { linkedAmong } from '../integrity/linked-accounts.js';
import type { SeatedRooms } from '../rooms/seated-rooms.js';
import type { Outbox } from '../publishing/outbox.js';
import type { Tx } from '../store/db.js';
import { tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import { compareStanding, isRematch, pairFree, scoreGame } from './arena-rules.js';
import { arenaStandings, freePlayersOf } from './arena-store.js';
import { pairKey } from './knockout.js';
import { cancelTournament, isAtStake, payPlacings, publishChanged } from './tournament-rounds.js';
import { entriesOf, gameOptionsOf, registeredCount, type TournamentRow } from './tournament-store.js';

/** What an arena's clock and pairing need from the rest of the server. */
export interface ArenaDeps {
  readonly rooms: SeatedRooms;
  /** An arena minute, ms (ARENA_MINUTE_SECONDS). */
  readonly minuteMs: number;
  /**
   * How long a player who came free waits before the pairing runs, ms: players finishing at about
   * the same time are paired together, so two who just played rarely meet again at once. Well
   * inside the 5 s of FEATURES.md §15 with the sweeper's interval.
   */
  readonly pairingDelayMs: number;
  /**
   * How long a table that would only repeat its players' last game is held back, ms after the
   * longest waiting of them came free, in case someone else comes free meanwhile; then it is seated
   * anyway (under the 5 s of FEATURES.md §15).
   */
  readonly rematchHoldMs: number;
}

/** How many lines of the board ride on each `standings_changed`. */
export const BOARD_PAGE = 20;

const isPast = (t: TournamentRow, at: Date) => t.endsAt !== null && at.getTime() >= t.endsAt.getTime();

async function fresh(tx: Tx, id: number): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
  return row!;
}

/** Tells `tournament:{id}` the board's first page (after the commit). */
export async function publishStandings(tx: Tx, t: TournamentRow, outbox: Outbox): Promise<void> {
  const { items } = await arenaStandings(tx, t.id, 1, BOARD_PAGE);
  outbox.toTournament(t.id, { type: 'standings_changed', tournament_id: t.id, items, players_count: await registeredCount(tx, t.id) });
}

/** Brings the pairing forward to `at + delay` unless it is due sooner; never past the clock's end. */
export async function schedulePairing(tx: Tx, t: TournamentRow, at: Date, deps: ArenaDeps): Promise<void> {
  if (t.status !== 'running' || isPast(t, at)) return;
  const due = new Date(at.getTime() + deps.pairingDelayMs);
  if (t.dueAt && t.dueAt.getTime() <= due.getTime()) return;
  await tx.update(tournaments).set({ dueAt: due }).where(eq(tournaments.id, t.id));
}

/**
 * The arena's due work, taken by one node's sweeper under the row's lock (SKIP LOCKED): the start
 * (or the cancel when too few registered), a pairing, or the end of the clock.
 */
export async function arenaDue(tx: Tx, t: TournamentRow, outbox: Outbox, at: Date, deps: ArenaDeps): Promise<void> {
  if (t.status === 'registration') {
    if ((await registeredCount(tx, t.id)) < t.minPlayers) {
      await cancelTournament(tx, t, outbox, at, deps.rooms);
      return;
    }
    const endsAt = new Date(at.getTime() + (t.durationMinutes ?? 0) * deps.minuteMs);
    await tx.update(tournaments).set({ status: 'running', endsAt, dueAt: endsAt }).where(eq(tournaments.id, t.id));
    await tx
      .update(tournamentEntries)
      .set({ freeSince: at })
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.isRegistered, true)));
    const started = await fresh(tx, t.id);
    await pairArena(tx, started, outbox, at, deps);
    await publishChanged(tx, started, outbox);
    return;
  }
  if (isPast(t, at)) {
    // The clock ended: no new game. The games still running finish and count; the last one ends it.
    await tx.update(tournaments).set({ dueAt: null }).where(eq(tournaments.id, t.id));
    if ((await playingCount(tx, t.id)) === 0) await finishArena(tx, t, outbox, at);
    else await publishChanged(tx, { ...t, dueAt: null }, outbox);
    return;
  }
  await pairArena(tx, t, outbox, at, deps);
}

async function playingCount(tx: Tx, tournamentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), sql`${tournamentEntries.currentRoomId} is not null`));
  return row?.n ?? 0;
}

/** Seats every free player who can be seated, each table an ordinary room with the arena's options. */
async function pairArena(tx: Tx, t: TournamentRow, outbox: Outbox, at: Date, deps: ArenaDeps): Promise<void> {
  const free = await freePlayersOf(tx, t.id);
  const byId = new Map(free.map((p) => [p.userId, p]));
  const tables: number[][] = [];
  // The next due time is the clock's end, or the end of a rematch's hold; a player coming free
  // brings the pairing forward again.
  let dueAt = t.endsAt!.getTime();
  // Linked accounts never share a table where chips are at stake (FEATURES.md §12): registration
  // refuses them, this keeps apart those linked since.
  const linked = isAtStake(t) ? new Set((await linkedAmong(tx, [...byId.keys()])).map((p) => pairKey(p.a, p.b))) : new Set<string>();
  for (const table of pairFree(free, t.roomSize, linked)) {
    const players = table.map((id) => byId.get(id)!);
    const holdUntil = Math.min(...players.map((p) => p.freeSince)) + deps.rematchHoldMs;
    if (isRematch(players) && holdUntil > at.getTime()) dueAt = Math.min(dueAt, holdUntil);
    else tables.push(table);
  }
  const round = t.round + (tables.length > 0 ? 1 : 0);
  await tx
    .update(tournaments)
    .set({ round, dueAt: new Date(dueAt) })
    .where(eq(tournaments.id, t.id));
  if (tables.length === 0) return;
  for (const table of tables) {
    const roomId = await deps.rooms.openSeatedRoom(
      tx,
      outbox,
      { options: gameOptionsOf(t), balanceType: t.balanceType, creatorId: t.createdBy, players: table, tournament: { id: t.id, round } },
      at,
    );
    await tx
      .update(tournamentEntries)
      .set({ currentRoomId: roomId, freeSince: null })
      .where(and(eq(tournamentEntries.tournamentId, t.id), inArray(tournamentEntries.userId, table)));
    for (const userId of table) outbox.toUser(userId, { type: 'tournament_seated', tournament_id: t.id, round, room_id: roomId });
  }
  await publishStandings(tx, t, outbox);
}

/**
 * An arena game ended (in its last transaction): each player scores it with the streak rule and
 * is free again. Before the clock's end the pairing is brought forward; after it, the last game
 * to finish ends the arena.
 */
export async function recordArenaGame(
  tx: Tx,
  t: TournamentRow,
  roomId: number,
  results: readonly ResultPayload[],
  outbox: Outbox,
  at: Date,
  deps: ArenaDeps,
): Promise<void> {
  for (const r of results) {
    const userId = Number(r.player_id);
    const [entry] = await tx
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)));
    if (!entry) continue;
    const { gained, after } = scoreGame(entry, { result: r.result, reason: r.result_reason ?? 'normal' });
    await tx
      .update(tournamentEntries)
      .set({
        ...after,
        currentRoomId: null,
        lastRoomId: roomId,
        freeSince: at,
        ...(gained > 0 ? { scoredAt: at } : {}),
      })
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)));
  }
  if (isPast(t, at)) {
    if ((await playingCount(tx, t.id)) === 0) {
      await finishArena(tx, t, outbox, at);
      return;
    }
  } else {
    await schedulePairing(tx, t, at, deps);
  }
  await publishStandings(tx, t, outbox);
}

/**
 * The end: the board's order gives every place (ties: more wins, fewer games, the earlier score),
 * paid once through the same ledger movements as a knockout's end.
 */
export async function finishArena(tx: Tx, t: TournamentRow, outbox: Outbox, at: Date): Promise<void> {
  const entries = (await entriesOf(tx, t.id)).filter((e) => e.isRegistered);
  const ranked = entries
    .map((e) => ({
      userId: e.userId,
      points: e.points,
      games: e.games,
      wins: e.wins,
      streak: e.streak,
      scoredAt: e.scoredAt?.getTime() ?? null,
    }))
    .sort(compareStanding);
  const placings = ranked.map((e, i) => ({ userId: e.userId, place: i + 1, sharedBy: 1 }));
  await payPlacings(tx, t, placings, outbox, at, { order: (a, b) => a - b, entry: () => ({ currentRoomId: null, freeSince: null }) });
  await publishStandings(tx, t, outbox);
}

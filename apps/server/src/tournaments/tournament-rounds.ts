import type { WalletType } from '@durak/protocol';
import { and, eq, inArray } from 'drizzle-orm';
import type { ResultPayload } from '@durak/protocol';
import { linkedAmong } from '../integrity/linked-accounts.js';
import type { SeatedRooms } from '../rooms/seated-rooms.js';
import type { Outbox } from '../publishing/outbox.js';
import { failure } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { accounts } from '../store/schema.js';
import { tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import { lockAccountSet, transfer } from '../wallets/ledger.js';
import { advancersOf, drawRooms, pairKey, placesOf, prizesOf, type Placing, type RoomFinish } from './knockout.js';
import { payoutStructure, prizeDistribution } from './payouts.js';
import {
  entriesOf,
  gameOptionsOf,
  houseAccount,
  pastPairsOf,
  poolAccount,
  poolOf,
  presetById,
  registeredCount,
  tournamentJson,
  unfinishedRooms,
  type EntryRow,
  type TournamentRow,
} from './tournament-store.js';

/** What running the rounds needs from the rest of the server. */
export interface RoundDeps {
  /** The pause between two rounds, ms: eliminated players may rebuy, the next round is drawn after it. */
  readonly breakMs: number;
  readonly random: () => number;
  /** The rooms seat each game and start it: only they write the rooms' rows. */
  readonly rooms: SeatedRooms;
}

const walletOf = (t: TournamentRow) => t.balanceType as WalletType;

/** A buy-in or a guaranteed prize: chips are at stake, so linked accounts never share a table (§12). */
export const isAtStake = (t: Pick<TournamentRow, 'buyIn' | 'guaranteedPool'>) => t.buyIn > 0n || t.guaranteedPool > 0n;

/** Registration's refusal when an account linked to the player is already registered where chips are at stake (§12). */
export async function linkedEntryRefusal(tx: Tx, t: TournamentRow, userId: number) {
  if (!isAtStake(t)) return undefined;
  const others = await tx
    .select({ userId: tournamentEntries.userId })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.isRegistered, true)));
  const linked = await linkedAmong(tx, [userId, ...others.map((o) => o.userId)]);
  if (!linked.some((p) => p.a === userId || p.b === userId)) return undefined;
  return failure('room/linked_accounts', 'An account linked to yours is already registered in this tournament');
}

/** Tells the tournament's channel its new state (status, round, counts, pool). */
export async function publishChanged(tx: Tx, t: TournamentRow, outbox: Outbox): Promise<void> {
  const [fresh] = await tx.select().from(tournaments).where(eq(tournaments.id, t.id));
  const json = tournamentJson(fresh ?? t, await registeredCount(tx, t.id));
  outbox.toTournament(t.id, { type: 'tournament_changed', tournament_id: t.id, tournament: json });
}

/**
 * Seats the next round: a fresh draw of everyone still in (avoiding pairs that already met), one
 * ordinary room per table with the tournament's options and no stake, each game started at once.
 * A table of one is a bye. When everyone left fits one table, that table is the final.
 */
export async function seatNextRound(tx: Tx, t: TournamentRow, outbox: Outbox, now: Date, deps: RoundDeps): Promise<void> {
  const entries = await entriesOf(tx, t.id);
  const active = entries.filter((e) => e.isRegistered && !e.isEliminated).map((e) => e.userId);
  const round = t.round + 1;
  if (active.length <= 1) {
    // Everyone else went out (a bye carried the last player through): the tournament is won.
    await finishTournament(
      tx,
      t,
      active.map((userId) => ({ userId, result: 'victory', place: 1 })),
      round,
      outbox,
      now,
    );
    return;
  }
  const isFinal = active.length <= t.roomSize;
  const seatings = await pastPairsOf(tx, t.id);
  const byRoom = new Map<number, number[]>();
  for (const s of seatings) byRoom.set(s.roomId, [...(byRoom.get(s.roomId) ?? []), s.userId]);
  const pastPairs = new Set<string>();
  for (const members of byRoom.values()) for (const a of members) for (const b of members) if (a < b) pastPairs.add(pairKey(a, b));

  // Linked accounts (one device or Telegram user) never share a table where a buy-in or a prize is
  // at stake (FEATURES.md §12); registration refuses them, this keeps apart those linked since.
  const linked = isAtStake(t) ? new Set((await linkedAmong(tx, active)).map((p) => pairKey(p.a, p.b))) : new Set<string>();
  const tables = drawRooms(active, t.roomSize, pastPairs, deps.random, 32, linked);
  await tx
    .update(tournaments)
    .set({ status: 'running', round, dueAt: null, finalRound: isFinal ? round : null })
    .where(eq(tournaments.id, t.id));
  await tx
    .update(tournamentEntries)
    .set({ roundReached: round })
    .where(and(eq(tournamentEntries.tournamentId, t.id), inArray(tournamentEntries.userId, active)));
  const seated: { id: number; round: number; status: string; player_count: number }[] = [];
  for (const table of tables) {
    if (table.length < 2) {
      // A bye: the player goes straight on to the next round; their page says so.
      for (const userId of table) outbox.toUser(userId, { type: 'tournament_bye', tournament_id: t.id, round });
      continue;
    }
    const roomId = await deps.rooms.openSeatedRoom(
      tx,
      outbox,
      { options: gameOptionsOf(t), balanceType: t.balanceType, creatorId: t.createdBy, players: table, tournament: { id: t.id, round } },
      now,
    );
    seated.push({ id: roomId, round, status: 'in_progress', player_count: table.length });
    for (const userId of table) outbox.toUser(userId, { type: 'tournament_seated', tournament_id: t.id, round, room_id: roomId });
  }
  outbox.toTournament(t.id, { type: 'round_started', tournament_id: t.id, round, is_final: isFinal, rooms: seated });
  await publishChanged(tx, t, outbox);
}

/**
 * A tournament game ended (inside its last transaction): the better half goes on, the rest are
 * out in this round. The final's end places everyone and pays. When the round's last game ends,
 * the next round is due after the break, unless an admin paused the tournament.
 */
export async function recordGame(
  tx: Tx,
  t: TournamentRow,
  room: { id: number; round: number },
  results: readonly ResultPayload[],
  outbox: Outbox,
  now: Date,
  deps: RoundDeps,
): Promise<void> {
  const finish: RoomFinish[] = results.map((r) => ({ userId: Number(r.player_id), result: r.result, place: r.place }));
  if (t.finalRound === room.round) {
    await finishTournament(tx, t, finish, room.round, outbox, now);
    return;
  }
  const advancing = new Set(advancersOf(finish));
  for (const f of finish) {
    const isOut = !advancing.has(f.userId);
    await tx
      .update(tournamentEntries)
      .set({ lastGamePlace: f.place, ...(isOut ? { isEliminated: true, eliminatedRound: room.round } : {}) })
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, f.userId)));
  }
  outbox.toTournament(t.id, {
    type: 'players_changed',
    tournament_id: t.id,
    round: room.round,
    eliminated: finish.filter((f) => !advancing.has(f.userId)).map((f) => f.userId),
  });
  if ((await unfinishedRooms(tx, t.id, room.round)) > 0) return;
  if (t.status === 'running')
    await tx
      .update(tournaments)
      .set({ dueAt: new Date(now.getTime() + deps.breakMs) })
      .where(eq(tournaments.id, t.id));
  await publishChanged(tx, t, outbox);
}

/**
 * The end: the final's order gives the top places, everyone else shares the places of the round
 * they went out in. A guarantee above what was paid in comes from the house first; then every
 * prize moves pool -> winner, and the pool is left at exactly 0.
 */
export async function finishTournament(
  tx: Tx,
  t: TournamentRow,
  final: readonly RoomFinish[],
  round: number,
  outbox: Outbox,
  now: Date,
): Promise<void> {
  const entries = (await entriesOf(tx, t.id)).filter((e) => e.isRegistered);
  const inFinal = new Set(final.map((f) => f.userId));
  const eliminated = entries
    .filter((e) => !inFinal.has(e.userId))
    .map((e) => ({ userId: e.userId, round: e.eliminatedRound ?? round, gamePlace: e.lastGamePlace ?? 99 }));
  const placings = placesOf(final, eliminated);
  const lastPlace = new Map([
    ...final.map((f) => [f.userId, f.place] as const),
    ...eliminated.map((e) => [e.userId, e.gamePlace] as const),
  ]);
  await payPlacings(tx, t, placings, outbox, now, {
    order: (a, b) => (lastPlace.get(a) ?? 99) - (lastPlace.get(b) ?? 99) || a - b,
    entry: (p) => ({ isEliminated: p.place > 1, ...(inFinal.has(p.userId) ? { lastGamePlace: lastPlace.get(p.userId) ?? null } : {}) }),
  });
}

/**
 * The end of any format: the places are paid from the pool by the preset for the entrant count.
 * A guarantee above what was paid in comes from the house first; then every prize moves pool ->
 * winner under its own idempotency key, the entries get their places and prizes, and the pool is
 * left at exactly 0, all in the caller's transaction. `order` breaks a shared place's remainder.
 */
export async function payPlacings(
  tx: Tx,
  t: TournamentRow,
  placings: readonly Placing[],
  outbox: Outbox,
  now: Date,
  how: { order: (a: number, b: number) => number; entry: (p: Placing) => Partial<EntryRow> },
): Promise<void> {
  const preset = await presetById(tx, t.payoutPresetId);
  if (!preset) throw new Error(`tournament ${t.id} has no payout preset ${t.payoutPresetId}`);
  const pool = poolOf(t);
  const distribution = prizeDistribution(payoutStructure(preset, placings.length), pool);
  const prizeOfPlace = (place: number) => distribution.find((d) => d.place === place)?.amount ?? 0n;
  const prizes = prizesOf(placings, prizeOfPlace, how.order);
  const walletType = walletOf(t);
  const winners = [...prizes].filter(([, amount]) => amount > 0n);
  await lockAccountSet(tx, [
    { system: poolAccount(t.id), walletType },
    { system: houseAccount, walletType },
    ...winners.map(([userId]) => ({ userId, walletType })),
  ]);
  if (pool > t.paidIn) {
    const topped = await transfer(tx, {
      from: { system: houseAccount, walletType },
      to: { system: poolAccount(t.id), walletType },
      amount: pool - t.paidIn,
      kind: 'tournament_guarantee',
      idempotencyKey: `tournament:${t.id}:guarantee`,
      memo: { tournament_id: t.id },
    });
    if (!topped.ok) throw new Error(`guarantee of tournament ${t.id} failed: ${topped.error.code}`);
  }
  for (const [userId, amount] of winners) {
    const paid = await transfer(tx, {
      from: { system: poolAccount(t.id), walletType },
      to: { userId, walletType },
      amount,
      kind: 'tournament_prize',
      idempotencyKey: `tournament:${t.id}:prize:${userId}`,
      memo: { tournament_id: t.id },
    });
    if (!paid.ok) throw new Error(`prize of tournament ${t.id} failed: ${paid.error.code}`);
    outbox.toUser(userId, { type: 'wallet_changed', tournament_id: t.id, wallet_type: walletType, amount: amount.toString() });
  }
  for (const p of placings) {
    await tx
      .update(tournamentEntries)
      .set({ place: p.place, prize: prizes.get(p.userId) ?? 0n, ...how.entry(p) })
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, p.userId)));
  }
  const paidOut = winners.reduce((sum, [, amount]) => sum + amount, 0n);
  await tx.update(tournaments).set({ status: 'finished', paidOut, dueAt: null, finishedAt: now }).where(eq(tournaments.id, t.id));
  await assertPoolEmpty(tx, t);
  await publishChanged(tx, t, outbox);
}

/** The pool holds exactly what was paid in until the end, and nothing after: a bug otherwise. */
async function assertPoolEmpty(tx: Tx, t: TournamentRow): Promise<void> {
  const [row] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.systemKey, poolAccount(t.id)), eq(accounts.walletType, t.balanceType)));
  if ((row?.balance ?? 0n) !== 0n) throw new Error(`tournament ${t.id} left ${row?.balance} chips in its pool`);
}

/**
 * Cancels: every entry and rebuy goes back to its payer, running games stop without stakes (they
 * had none), and the status is `cancelled`. The caller locked the running rooms before the
 * tournament (`rooms.lockTournamentRooms`), the order a finishing game takes them in.
 */
export async function cancelTournament(tx: Tx, t: TournamentRow, outbox: Outbox, now: Date, rooms: SeatedRooms): Promise<void> {
  const walletType = walletOf(t);
  const payers = (await entriesOf(tx, t.id)).filter((e) => e.paidIn > 0n);
  await lockAccountSet(tx, [
    { system: poolAccount(t.id), walletType },
    { system: houseAccount, walletType },
    ...payers.map((e) => ({ userId: e.userId, walletType })),
  ]);
  for (const e of payers) {
    const refunded = await transfer(tx, {
      from: { system: poolAccount(t.id), walletType },
      to: { userId: e.userId, walletType },
      amount: e.paidIn,
      kind: 'tournament_refund',
      idempotencyKey: `tournament:${t.id}:cancel_refund:${e.userId}`,
      memo: { tournament_id: t.id },
    });
    if (!refunded.ok) throw new Error(`refund of tournament ${t.id} failed: ${refunded.error.code}`);
    outbox.toUser(e.userId, { type: 'wallet_changed', tournament_id: t.id, wallet_type: walletType, amount: e.paidIn.toString() });
  }
  // A cancelled tournament keeps no fee either: the house gives back every entry's and rebuy's fee.
  const feePayers = (await entriesOf(tx, t.id)).filter((e) => e.feePaid > 0n);
  for (const e of feePayers) {
    const refunded = await transfer(tx, {
      from: { system: houseAccount, walletType },
      to: { userId: e.userId, walletType },
      amount: e.feePaid,
      kind: 'tournament_fee_refund',
      idempotencyKey: `tournament:${t.id}:cancel_fee_refund:${e.userId}`,
      memo: { tournament_id: t.id },
    });
    if (!refunded.ok) throw new Error(`fee refund of tournament ${t.id} failed: ${refunded.error.code}`);
    outbox.toUser(e.userId, { type: 'wallet_changed', tournament_id: t.id, wallet_type: walletType, amount: e.feePaid.toString() });
  }
  await tx.update(tournamentEntries).set({ paidIn: 0n, feePaid: 0n }).where(eq(tournamentEntries.tournamentId, t.id));
  await rooms.closeTournamentRooms(tx, outbox, t.id, now);
  await tx
    .update(tournaments)
    .set({ status: 'cancelled', paidIn: 0n, feesTaken: 0n, dueAt: null, finishedAt: now })
    .where(eq(tournaments.id, t.id));
  await assertPoolEmpty(tx, t);
  await publishChanged(tx, t, outbox);
}

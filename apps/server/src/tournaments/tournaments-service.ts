import { randomInt } from 'node:crypto';
import type { TournamentDetail, TournamentSeat, WalletType } from '@durak/protocol';
import { and, eq } from 'drizzle-orm';
import type { ResultPayload } from '@durak/protocol';
import type { SeatedRooms } from '../rooms/seated-rooms.js';
import { publishOrder, withPublications, type Outbox, type Publisher } from '../publishing/outbox.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';
import type { RoomRow } from '../room-core/room-store.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Store, Tx } from '../store/db.js';
import { tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import { payoutStructure, prizeDistribution, type PayoutPreset } from './payouts.js';
import { createTournamentAdmin, type TournamentAdmin } from './tournament-admin.js';
import { createTournamentAdminWrites, type TournamentAdminWrites } from './tournament-admin-writes.js';
import { arenaDue, publishStandings, recordArenaGame, schedulePairing, type ArenaDeps } from './arena-play.js';
import { createArenaCalls, type ArenaCalls } from './arena-service.js';
import { movePlayerChips, payIn } from './tournament-money.js';
import { cancelTournament, linkedEntryRefusal, publishChanged, recordGame, seatNextRound, type RoundDeps } from './tournament-rounds.js';
import {
  allPresets,
  runningSeatOf,
  poolOf,
  listPlayers,
  listTournamentRooms,
  listTournaments,
  lockDueTournament,
  lockTournament,
  presetById,
  registeredCount,
  tournamentDetail,
  type TournamentRow,
} from './tournament-store.js';

export interface TournamentsOptions {
  readonly store: Store;
  /** The node's one publisher: a tournament's news flushes on its own chain after the commit. */
  readonly publisher: Publisher;
  /** The rooms seat every game of a round (they own the rooms' rows). */
  readonly rooms: SeatedRooms;
  readonly config: RoomsConfig;
  readonly now?: () => Date;
  readonly random?: () => number;
  /** The one stake guard (responsible play, fair play's freeze): buy-ins, fees, rebuys, registrations. */
  readonly guard: StakeGuard;
}

export interface TournamentsService extends TournamentAdminWrites, ArenaCalls {
  list(query: { status?: string | undefined; page: number; limit: number }): ReturnType<typeof listTournaments>;
  get(userId: number, id: number): Promise<Result<TournamentDetail>>;
  /** The caller's running tournament game, for the web to take them to on load. */
  seat(userId: number): Promise<TournamentSeat>;
  register(userId: number, id: number): Promise<Result<TournamentDetail>>;
  /** The player takes back their registration before the start (`POST tournament/cancel`): everything paid comes back. */
  cancelRegistration(userId: number, id: number): Promise<Result<TournamentDetail>>;
  rebuy(userId: number, id: number): Promise<Result<TournamentDetail>>;
  players(id: number, page: number, limit: number): Promise<Result<Awaited<ReturnType<typeof listPlayers>>>>;
  rooms(
    id: number,
    query: { round?: number | undefined; page: number; limit: number },
  ): Promise<Result<Awaited<ReturnType<typeof listTournamentRooms>>>>;
  readonly admin: TournamentAdmin;
  presets(): Promise<PayoutPreset[]>;
  /** The payout of today's field: the preset cut to the entrants, and the prizes of today's pool. */
  payouts(
    id: number,
  ): Promise<Result<{ structure: { place: number; bps: number }[]; pool: bigint; prizes: { place: number; amount: bigint }[] }>>;
  places(id: number, place?: number): Promise<Result<Awaited<ReturnType<TournamentAdmin['places']>>>>;
  /** Called by the rooms in the transaction of every game's last action. */
  onGameOver(tx: Tx, room: RoomRow, results: readonly ResultPayload[], outbox: Outbox, now: Date): Promise<void>;
  /** Starts (or cancels) due tournaments and seats due rounds; returns how many it handled. The node's sweeper runs it. */
  fireDue(limit?: number): Promise<number>;
}

/** How long a player who came free waits for others to come free before the arena's pairing runs, ms. */
export const ARENA_PAIRING_DELAY_MS = 2000;
/** How long two who just played wait for someone else to come free before they meet again, ms. */
export const ARENA_REMATCH_HOLD_MS = 4000;

const notFound = (id: number) => failure('tournament/not_found', `No tournament ${id}`);
const isOver = (t: TournamentRow) => t.status === 'finished' || t.status === 'cancelled';

/** Tournaments (FEATURES.md §1): a knockout whose games are ordinary rooms without stakes. */
export function createTournamentsService(options: TournamentsOptions): TournamentsService {
  const { store, config, publisher } = options;
  const now = options.now ?? (() => new Date());
  const deps: RoundDeps = {
    breakMs: config.tournamentBreakSeconds * 1000,
    random: options.random ?? (() => randomInt(2 ** 32) / 2 ** 32),
    rooms: options.rooms,
  };
  const arenaDeps: ArenaDeps = {
    rooms: options.rooms,
    minuteMs: config.arenaMinuteSeconds * 1000,
    pairingDelayMs: ARENA_PAIRING_DELAY_MS,
    rematchHoldMs: ARENA_REMATCH_HOLD_MS,
  };

  /**
   * One transaction with an outbox, published after the commit on the tournament's own chain. A
   * refusal rolls the whole transaction back (the transaction rule): a registration whose buy-in
   * went through but whose fee did not leaves neither behind.
   */
  function inTransaction<T extends Result<unknown>>(id: number, fn: (tx: Tx, outbox: Outbox, at: Date) => Promise<T>): Promise<T> {
    const at = now();
    return withPublications(store, publisher, publishOrder.tournament(id), (tx, outbox) => fn(tx, outbox, at));
  }

  const detail = (userId: number, t: TournamentRow, db: Tx | Store['db'] = store.db) => tournamentDetail(db, userId, t);

  async function fresh(tx: Tx, id: number): Promise<TournamentRow> {
    const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
    return row!;
  }

  const adminWrites = createTournamentAdminWrites({ store, now, deps, arenaDeps, inTransaction });
  const arena = createArenaCalls({ store, deps: arenaDeps, inTransaction, detail });

  const service: TournamentsService = {
    ...adminWrites,
    ...arena,

    list: (query) => listTournaments(store.db, query),

    async seat(userId) {
      const seat = await runningSeatOf(store.db, userId);
      return { seat: seat && { tournament_id: seat.tournamentId, tournament_name: seat.name, round: seat.round, room_id: seat.roomId } };
    },
    async get(userId, id) {
      const [t] = await store.db.select().from(tournaments).where(eq(tournaments.id, id));
      return t ? ok(await detail(userId, t)) : notFound(id);
    },

    register(userId, id) {
      return inTransaction(id, async (tx, outbox, at) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        // An arena takes players while its clock runs (FEATURES.md §15): they are paired at once.
        const isArenaOpen = t.format === 'arena' && (t.status === 'running' || t.status === 'paused') && t.endsAt! > at;
        if (t.status !== 'registration' && !isArenaOpen) return failure('tournament/not_open', 'Registration is closed');
        const [entry] = await tx
          .select()
          .from(tournamentEntries)
          .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        if (entry?.isRegistered) return failure('tournament/already_registered', 'You are already registered');
        if ((await registeredCount(tx, id)) >= t.maxPlayers) return failure('tournament/full', 'The tournament is full');
        const linked = await linkedEntryRefusal(tx, t, userId);
        if (linked) return linked;
        const registrations = (entry?.registrations ?? 0) + 1;
        // The buy-in and the fee are one stake; a free tournament's registration is asked too (a break refuses it).
        const stake = t.buyIn + t.fee;
        const allowed = await options.guard.check(tx, {
          userId,
          kind: stake > 0n ? 'buy_in' : 'register',
          walletType: t.balanceType as WalletType,
          amount: stake,
        });
        if (!allowed.ok) return allowed;
        // The fee goes beside the buy-in to the house, in the same transaction.
        const refused = await payIn(tx, outbox, t, {
          userId,
          amount: t.buyIn,
          kind: 'tournament_buy_in',
          key: `tournament:${id}:entry:${userId}:${registrations}`,
          feeKey: `tournament:${id}:entry_fee:${userId}:${registrations}`,
        });
        if (refused) return refused;
        if (entry) {
          await tx
            .update(tournamentEntries)
            .set({ isRegistered: true, registrations, paidIn: entry.paidIn + t.buyIn, feePaid: entry.feePaid + t.fee })
            .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        } else {
          await tx.insert(tournamentEntries).values({ tournamentId: id, userId, paidIn: t.buyIn, feePaid: t.fee });
        }
        if (isArenaOpen) {
          await tx
            .update(tournamentEntries)
            .set({ freeSince: at, isPaused: false })
            .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
          await schedulePairing(tx, t, at, arenaDeps);
        }
        await tx
          .update(tournaments)
          .set({ paidIn: t.paidIn + t.buyIn, feesTaken: t.feesTaken + t.fee })
          .where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        outbox.toTournament(id, { type: 'players_changed', tournament_id: id, round: 0, eliminated: [] });
        if (t.format === 'arena') await publishStandings(tx, t, outbox);
        await publishChanged(tx, updated, outbox);
        return ok(await detail(userId, updated, tx));
      });
    },

    cancelRegistration(userId, id) {
      return inTransaction(id, async (tx, outbox) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (t.status !== 'registration')
          return failure('tournament/not_open', 'The tournament has started: entries can no longer be withdrawn');
        const [entry] = await tx
          .select()
          .from(tournamentEntries)
          .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        if (!entry?.isRegistered) return failure('tournament/not_registered', 'You are not registered');
        if (entry.paidIn > 0n) {
          const back = await movePlayerChips(tx, outbox, t, {
            userId,
            amount: entry.paidIn,
            direction: 'out',
            account: 'pool',
            kind: 'tournament_refund',
            key: `tournament:${id}:withdraw:${userId}:${entry.registrations}`,
          });
          if (!back.ok) throw new Error(`withdrawal refund failed: ${back.error.code}`);
        }
        // Before the start a withdrawal costs nothing: the house gives its fee back too.
        if (entry.feePaid > 0n) {
          const back = await movePlayerChips(tx, outbox, t, {
            userId,
            amount: entry.feePaid,
            direction: 'out',
            account: 'house',
            kind: 'tournament_fee_refund',
            key: `tournament:${id}:withdraw_fee:${userId}:${entry.registrations}`,
          });
          if (!back.ok) throw new Error(`withdrawal fee refund failed: ${back.error.code}`);
        }
        await tx
          .update(tournamentEntries)
          .set({ isRegistered: false, paidIn: 0n, feePaid: 0n })
          .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        await tx
          .update(tournaments)
          .set({ paidIn: t.paidIn - entry.paidIn, feesTaken: t.feesTaken - entry.feePaid })
          .where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        outbox.toTournament(id, { type: 'players_changed', tournament_id: id, round: 0, eliminated: [] });
        if (t.format === 'arena') await publishStandings(tx, t, outbox);
        await publishChanged(tx, updated, outbox);
        return ok(await detail(userId, updated, tx));
      });
    },

    rebuy(userId, id) {
      return inTransaction(id, async (tx, outbox) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (t.status !== 'running' && t.status !== 'paused')
          return failure('tournament/not_running', 'Rebuys are taken while the tournament runs');
        const [entry] = await tx
          .select()
          .from(tournamentEntries)
          .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        if (!entry?.isRegistered) return failure('tournament/not_registered', 'You are not in this tournament');
        if (!entry.isEliminated) return failure('tournament/not_eliminated', 'You are still in the tournament');
        if (t.round > t.rebuyRounds || t.finalRound !== null) return failure('tournament/rebuy_closed', 'Rebuys are closed');
        const rebuys = entry.rebuys + 1;
        const allowed = await options.guard.check(tx, {
          userId,
          kind: 'rebuy',
          walletType: t.balanceType as WalletType,
          amount: t.rebuyPrice + t.fee,
        });
        if (!allowed.ok) return allowed;
        const refused = await payIn(tx, outbox, t, {
          userId,
          amount: t.rebuyPrice,
          kind: 'tournament_rebuy',
          key: `tournament:${id}:rebuy:${userId}:${rebuys}`,
          feeKey: `tournament:${id}:rebuy_fee:${userId}:${rebuys}`,
        });
        if (refused) return refused;
        await tx
          .update(tournamentEntries)
          .set({ rebuys, paidIn: entry.paidIn + t.rebuyPrice, feePaid: entry.feePaid + t.fee, isEliminated: false, eliminatedRound: null })
          .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        await tx
          .update(tournaments)
          .set({ paidIn: t.paidIn + t.rebuyPrice, feesTaken: t.feesTaken + t.fee })
          .where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        outbox.toTournament(id, { type: 'players_changed', tournament_id: id, round: t.round, eliminated: [] });
        await publishChanged(tx, updated, outbox);
        return ok(await detail(userId, updated, tx));
      });
    },

    async players(id, page, limit) {
      const [t] = await store.db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id));
      return t ? ok(await listPlayers(store.db, id, page, limit)) : notFound(id);
    },

    async rooms(id, query) {
      const [t] = await store.db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id));
      return t ? ok(await listTournamentRooms(store.db, id, query)) : notFound(id);
    },

    admin: createTournamentAdmin(store),

    presets: () => allPresets(store.db),

    async payouts(id) {
      const [t] = await store.db.select().from(tournaments).where(eq(tournaments.id, id));
      if (!t) return notFound(id);
      const preset = await presetById(store.db, t.payoutPresetId);
      if (!preset) throw new Error(`tournament ${id} has no payout preset ${t.payoutPresetId}`);
      const structure = payoutStructure(preset, Math.max(1, await registeredCount(store.db, id)));
      const pool = poolOf(t);
      return ok({ structure, pool, prizes: prizeDistribution(structure, pool) });
    },

    async places(id, place) {
      const [t] = await store.db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id));
      return t ? ok(await service.admin.places(id, place)) : notFound(id);
    },

    async onGameOver(tx, room, results, outbox, at) {
      if (room.tournamentId === null || room.tournamentRound === null) return;
      const t = await lockTournament(tx, room.tournamentId);
      if (!t || isOver(t)) return;
      if (t.format === 'arena') return recordArenaGame(tx, t, room.id, results, outbox, at, arenaDeps);
      await recordGame(tx, t, { id: room.id, round: room.tournamentRound }, results, outbox, at, deps);
    },

    async fireDue(limit = 20) {
      let handled = 0;
      while (handled < limit) {
        // On the tournament's own chain; when nothing was due the outbox is empty and nothing is flushed.
        const id = await withPublications(
          store,
          publisher,
          (due: number) => publishOrder.tournament(due),
          async (tx, outbox) => {
            const at = now();
            const t = await lockDueTournament(tx, at);
            if (!t) return 0;
            if (t.format === 'arena') {
              await arenaDue(tx, t, outbox, at, arenaDeps);
            } else if (t.status === 'registration') {
              const entrants = await registeredCount(tx, t.id);
              if (entrants >= t.minPlayers) await seatNextRound(tx, t, outbox, at, deps);
              else await cancelTournament(tx, t, outbox, at, deps.rooms);
            } else {
              await seatNextRound(tx, t, outbox, at, deps);
            }
            return t.id;
          },
        );
        if (id === 0) break;
        handled++;
      }
      return handled;
    },
  };
  return service;
}

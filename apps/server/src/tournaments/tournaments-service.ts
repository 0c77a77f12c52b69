import { randomInt } from 'node:crypto';
import type { CreateTournamentBody, TournamentDetail, TournamentPayload, TournamentSeat, WalletType } from '@durak/protocol';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ResultPayload } from '@durak/protocol';
import { startGame } from '../games/start-game.js';
import { createPublisher, Outbox, type Publisher, type RoomsRealtime } from '../tables/outbox.js';
import type { RoomsConfig } from '../tables/rooms-config.js';
import type { RoomRow } from '../tables/room-store.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Store, Tx } from '../store/db.js';
import { rooms } from '../store/rooms-schema.js';
import { tournamentEntries, tournaments } from '../store/tournaments-schema.js';
import { transfer } from '../wallets/ledger.js';
import { payoutStructure, prizeDistribution, type PayoutPreset } from './payouts.js';
import { createTournamentAdmin, type TournamentAdmin } from './tournament-admin.js';
import { cancelTournament, publishChanged, recordGame, seatNextRound, type RoundDeps } from './tournament-rounds.js';
import { allPresets, byeRoundOf, currentRoomOf, runningSeatOf, poolOf, listPlayers, listTournamentRooms, listTournaments, lockDueTournament, lockTournament, poolAccount, presetById, registeredCount, tournamentJson, type TournamentRow } from './tournament-store.js';

export interface TournamentsOptions {
  readonly store: Store;
  readonly realtime: RoomsRealtime;
  readonly config: RoomsConfig;
  readonly now?: () => Date;
  readonly random?: () => number;
  readonly logError?: (error: unknown, message: string) => void;
}

export interface TournamentsService {
  create(adminId: number, body: CreateTournamentBody): Promise<Result<TournamentPayload>>;
  list(query: { status?: string | undefined; page: number; limit: number }): ReturnType<typeof listTournaments>;
  get(userId: number, id: number): Promise<Result<TournamentDetail>>;
  /** The caller's running tournament game, for the web to take them to on load. */
  seat(userId: number): Promise<TournamentSeat>;
  register(userId: number, id: number): Promise<Result<TournamentDetail>>;
  withdraw(userId: number, id: number): Promise<Result<TournamentDetail>>;
  rebuy(userId: number, id: number): Promise<Result<TournamentDetail>>;
  cancel(id: number): Promise<Result<TournamentPayload>>;
  setPinned(id: number, isPinned: boolean): Promise<Result<TournamentPayload>>;
  pause(id: number): Promise<Result<TournamentPayload>>;
  resume(id: number): Promise<Result<TournamentPayload>>;
  players(id: number, page: number, limit: number): Promise<Result<Awaited<ReturnType<typeof listPlayers>>>>;
  rooms(id: number, query: { round?: number | undefined; page: number; limit: number }): Promise<Result<Awaited<ReturnType<typeof listTournamentRooms>>>>;
  readonly admin: TournamentAdmin;
  presets(): Promise<PayoutPreset[]>;
  /** The payout of today's field: the preset cut to the entrants, and the prizes of today's pool. */
  payouts(id: number): Promise<Result<{ structure: { place: number; bps: number }[]; pool: bigint; prizes: { place: number; amount: bigint }[] }>>;
  places(id: number, place?: number): Promise<Result<Awaited<ReturnType<TournamentAdmin['places']>>>>;
  /** Called by the rooms in the transaction of every game's last action. */
  onGameOver(tx: Tx, room: RoomRow, results: readonly ResultPayload[], outbox: Outbox, now: Date): Promise<void>;
  /** Starts (or cancels) due tournaments and seats due rounds; returns how many it handled. */
  fireDue(limit?: number): Promise<number>;
  startSweeper(): void;
  close(): Promise<void>;
}

const notFound = (id: number) => failure('tournament/not_found', `No tournament ${id}`);
const isOver = (t: TournamentRow) => t.status === 'finished' || t.status === 'cancelled';

/** Tournaments (FEATURES.md §1): a knockout whose games are ordinary rooms without stakes. */
export function createTournamentsService(options: TournamentsOptions): TournamentsService {
  const { store, config } = options;
  const now = options.now ?? (() => new Date());
  const logError = options.logError ?? (() => {});
  const publisher: Publisher = createPublisher(options.realtime, (error) => logError(error, 'realtime publish failed'));
  const deps: RoundDeps = {
    config,
    breakMs: config.tournamentBreakSeconds * 1000,
    random: options.random ?? (() => randomInt(2 ** 32) / 2 ** 32),
    startGame,
  };

  /** One transaction with an outbox, published after the commit on the tournament's own chain. */
  async function inTransaction<T>(id: number, fn: (tx: Tx, outbox: Outbox, at: Date) => Promise<T>): Promise<T> {
    const outbox = new Outbox();
    const at = now();
    const value = await store.withTransaction((tx) => fn(tx, outbox, at));
    // Negative keys keep the tournaments' publish chains apart from the rooms' (positive ids).
    await publisher.flush(-id, outbox);
    return value;
  }

  async function detail(userId: number, t: TournamentRow, db: Tx | Store['db'] = store.db): Promise<TournamentDetail> {
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
        place: entry?.place ?? null,
        rebuys: entry?.rebuys ?? 0,
        prize: entry?.prize === null || entry?.prize === undefined ? null : entry.prize.toString(),
        room_id: isRegistered && t.status !== 'registration' ? await currentRoomOf(db, t.id, userId) : null,
        bye_round: entry?.isRegistered ? await byeRoundOf(db, t, entry) : null,
      },
    };
  }

  async function fresh(tx: Tx, id: number): Promise<TournamentRow> {
    const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
    return row!;
  }

  /** Moves chips between the player's wallet and the pool, telling the player's channel. */
  async function movePool(tx: Tx, outbox: Outbox, t: TournamentRow, userId: number, amount: bigint, direction: 'in' | 'out', kind: string, key: string) {
    const walletType = t.balanceType as WalletType;
    const user = { userId, walletType };
    const pool = { system: poolAccount(t.id), walletType };
    const moved = await transfer(tx, { from: direction === 'in' ? user : pool, to: direction === 'in' ? pool : user, amount, kind, idempotencyKey: key, memo: { tournament_id: t.id } });
    if (moved.ok) outbox.toUser(userId, { type: 'wallet_changed', tournament_id: t.id, wallet_type: walletType, amount: (direction === 'in' ? -amount : amount).toString() });
    return moved;
  }

  const service: TournamentsService = {
    async create(adminId, body) {
      const startsAt = new Date(body.starts_at);
      if (startsAt.getTime() <= now().getTime()) return failure('request/invalid', 'starts_at: must be in the future', { field: 'starts_at' });
      if (!(await presetById(store.db, body.payout_preset_id))) {
        return failure('request/invalid', 'payout_preset_id: no such payout preset', { field: 'payout_preset_id' });
      }
      const [row] = await store.db
        .insert(tournaments)
        .values({
          name: body.name,
          createdBy: adminId,
          buyIn: body.buy_in,
          balanceType: body.balance_type,
          startsAt,
          minPlayers: body.min_players,
          maxPlayers: body.max_players,
          roomSize: body.room_size,
          deckSize: body.deck_size,
          isSpeedMode: body.is_speed_mode,
          isTransferAllowed: body.is_transfer_allowed,
          isCheatingAllowed: body.is_cheating_allowed,
          isDrawAllowed: body.is_draw_allowed,
          isDeathMatchAllowed: body.is_death_match_allowed,
          isClassicModeAllowed: body.is_classic_mode_allowed,
          cardTransferPermission: body.card_transfer_permission,
          secretTrumpMode: body.secret_trump_mode,
          rebuyRounds: body.rebuy_rounds,
          rebuyPrice: body.rebuy_price,
          guaranteedPool: body.guaranteed_pool,
          payoutPresetId: body.payout_preset_id,
          isPinned: body.is_pinned,
          dueAt: startsAt,
        })
        .returning();
      return ok(tournamentJson(row!, 0));
    },

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
      return inTransaction(id, async (tx, outbox) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (t.status !== 'registration') return failure('tournament/not_open', 'Registration is closed');
        const [entry] = await tx.select().from(tournamentEntries).where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        if (entry?.isRegistered) return failure('tournament/already_registered', 'You are already registered');
        if ((await registeredCount(tx, id)) >= t.maxPlayers) return failure('tournament/full', 'The tournament is full');
        const registrations = (entry?.registrations ?? 0) + 1;
        if (t.buyIn > 0n) {
          const paid = await movePool(tx, outbox, t, userId, t.buyIn, 'in', 'tournament_buy_in', `tournament:${id}:entry:${userId}:${registrations}`);
          if (!paid.ok) return paid;
        }
        if (entry) {
          await tx
            .update(tournamentEntries)
            .set({ isRegistered: true, registrations, paidIn: entry.paidIn + t.buyIn })
            .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        } else {
          await tx.insert(tournamentEntries).values({ tournamentId: id, userId, paidIn: t.buyIn });
        }
        await tx.update(tournaments).set({ paidIn: t.paidIn + t.buyIn }).where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        outbox.toTournament(id, { type: 'players_changed', tournament_id: id, round: 0, eliminated: [] });
        await publishChanged(tx, updated, outbox);
        return ok(await detail(userId, updated, tx));
      });
    },

    withdraw(userId, id) {
      return inTransaction(id, async (tx, outbox) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (t.status !== 'registration') return failure('tournament/not_open', 'The tournament has started: entries can no longer be withdrawn');
        const [entry] = await tx.select().from(tournamentEntries).where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        if (!entry?.isRegistered) return failure('tournament/not_registered', 'You are not registered');
        if (entry.paidIn > 0n) {
          const back = await movePool(tx, outbox, t, userId, entry.paidIn, 'out', 'tournament_refund', `tournament:${id}:withdraw:${userId}:${entry.registrations}`);
          if (!back.ok) throw new Error(`withdrawal refund failed: ${back.error.code}`);
        }
        await tx
          .update(tournamentEntries)
          .set({ isRegistered: false, paidIn: 0n })
          .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        await tx.update(tournaments).set({ paidIn: t.paidIn - entry.paidIn }).where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        outbox.toTournament(id, { type: 'players_changed', tournament_id: id, round: 0, eliminated: [] });
        await publishChanged(tx, updated, outbox);
        return ok(await detail(userId, updated, tx));
      });
    },

    rebuy(userId, id) {
      return inTransaction(id, async (tx, outbox) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (t.status !== 'running' && t.status !== 'paused') return failure('tournament/not_running', 'Rebuys are taken while the tournament runs');
        const [entry] = await tx.select().from(tournamentEntries).where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        if (!entry?.isRegistered) return failure('tournament/not_registered', 'You are not in this tournament');
        if (!entry.isEliminated) return failure('tournament/not_eliminated', 'You are still in the tournament');
        if (t.round > t.rebuyRounds || t.finalRound !== null) return failure('tournament/rebuy_closed', 'Rebuys are closed');
        const rebuys = entry.rebuys + 1;
        const paid = await movePool(tx, outbox, t, userId, t.rebuyPrice, 'in', 'tournament_rebuy', `tournament:${id}:rebuy:${userId}:${rebuys}`);
        if (!paid.ok) return paid;
        await tx
          .update(tournamentEntries)
          .set({ rebuys, paidIn: entry.paidIn + t.rebuyPrice, isEliminated: false, eliminatedRound: null })
          .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, userId)));
        await tx.update(tournaments).set({ paidIn: t.paidIn + t.rebuyPrice }).where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        outbox.toTournament(id, { type: 'players_changed', tournament_id: id, round: t.round, eliminated: [] });
        await publishChanged(tx, updated, outbox);
        return ok(await detail(userId, updated, tx));
      });
    },

    async cancel(id) {
      // The running rooms first, in id order, as a finishing game takes them (room, then
      // tournament): taking the tournament first could deadlock with a game's last move.
      return inTransaction(id, async (tx, outbox, at) => {
        await tx
          .select({ id: rooms.id })
          .from(rooms)
          .where(and(eq(rooms.tournamentId, id), sql`${rooms.status} <> 'FINISHED'`))
          .orderBy(asc(rooms.id))
          .for('update');
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (isOver(t)) return failure('tournament/over', `The tournament is already ${t.status}`);
        await cancelTournament(tx, t, outbox, at);
        return ok(tournamentJson(await fresh(tx, id), await registeredCount(tx, id)));
      });
    },

    setPinned(id, isPinned) {
      return inTransaction(id, async (tx, outbox) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        await tx.update(tournaments).set({ isPinned }).where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        await publishChanged(tx, updated, outbox);
        return ok(tournamentJson(updated, await registeredCount(tx, id)));
      });
    },

    pause(id) {
      return inTransaction(id, async (tx, outbox) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (t.status !== 'running') return failure('tournament/not_running', 'Only a running tournament can be paused');
        // Running games finish; the next round is not seated until an admin continues.
        await tx.update(tournaments).set({ status: 'paused', dueAt: null }).where(eq(tournaments.id, id));
        const updated = await fresh(tx, id);
        await publishChanged(tx, updated, outbox);
        return ok(tournamentJson(updated, await registeredCount(tx, id)));
      });
    },

    resume(id) {
      return inTransaction(id, async (tx, outbox, at) => {
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (t.status !== 'paused') return failure('tournament/not_paused', 'The tournament is not paused');
        const [left] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(rooms)
          .where(and(eq(rooms.tournamentId, id), eq(rooms.tournamentRound, t.round), sql`${rooms.status} <> 'FINISHED'`));
        await tx.update(tournaments).set({ status: 'running' }).where(eq(tournaments.id, id));
        // The round is over: the next one is seated now; otherwise its last game will schedule it.
        if ((left?.n ?? 0) === 0) await seatNextRound(tx, { ...t, status: 'running' }, outbox, at, deps);
        const updated = await fresh(tx, id);
        await publishChanged(tx, updated, outbox);
        return ok(tournamentJson(updated, await registeredCount(tx, id)));
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
      await recordGame(tx, t, { id: room.id, round: room.tournamentRound }, results, outbox, at, deps);
    },

    async fireDue(limit = 20) {
      let handled = 0;
      while (handled < limit) {
        let id = 0;
        const outbox = new Outbox();
        await store.withTransaction(async (tx) => {
          const at = now();
          const t = await lockDueTournament(tx, at);
          if (!t) return;
          id = t.id;
          if (t.status === 'registration') {
            const entrants = await registeredCount(tx, t.id);
            if (entrants >= t.minPlayers) await seatNextRound(tx, t, outbox, at, deps);
            else await cancelTournament(tx, t, outbox, at);
          } else {
            await seatNextRound(tx, t, outbox, at, deps);
          }
        });
        if (id === 0) break;
        await publisher.flush(-id, outbox);
        handled++;
      }
      return handled;
    },

    startSweeper() {
      if (config.sweepIntervalMs <= 0 || timer !== undefined || isClosed) return;
      const tick = () => {
        sweeping = service
          .fireDue()
          .catch((error: unknown) => logError(error, 'tournament sweep failed'))
          .finally(() => {
            if (!isClosed) timer = setTimeout(tick, config.sweepIntervalMs);
          });
      };
      timer = setTimeout(tick, config.sweepIntervalMs);
    },

    async close() {
      isClosed = true;
      clearTimeout(timer);
      await sweeping;
    },
  };
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  let isClosed = false;
  return service;
}

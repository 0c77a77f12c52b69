import type { CreateRoomBody, RoomId, RoomListQuery, RoomPayload, UserId, WalletType } from '@durak/protocol';
import { and, eq, lte } from 'drizzle-orm';
import { linkedAmong } from '../integrity/linked-accounts.js';
import { createPracticeRoom } from '../practice/practice-room.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { accounts } from '../store/schema.js';
import type { Outbox } from '../publishing/outbox.js';
import {
  gameStateOf,
  listRooms,
  lockRoom,
  readRoom,
  roomJson,
  roomOptionColumns,
  seatsOf,
  seatsOfRoom,
  type RoomRow,
  type SeatRow,
} from '../room-core/room-store.js';
import { inRoomTransaction, type DomainContext } from '../room-core/domain-context.js';
import { noteWatcher } from '../room-core/room-watchers.js';
import type { SeatsBeforeStart, StartGame } from '../room-core/room-seams.js';
import { createRoomAccess } from './room-access.js';
import { lobbyView } from './room-privacy.js';
import { hashRoomPassword } from './room-password.js';

export interface SeatAnswer {
  readonly room: RoomPayload;
  readonly position: number;
}

export interface RoomsService extends SeatsBeforeStart {
  create(userId: UserId, body: CreateRoomBody): Promise<Result<RoomPayload>>;
  list(query: RoomListQuery): Promise<{ items: RoomPayload[]; hasNext: boolean }>;
  get(roomId: RoomId): Promise<Result<RoomPayload>>;
  seat(userId: UserId, roomId: RoomId, body: { position?: number | undefined; password?: string | undefined }): Promise<Result<SeatAnswer>>;
  ready(userId: UserId, roomId: RoomId): Promise<Result<RoomPayload>>;
  /**
   * A player of a finished game asks for a rematch (FEATURES.md §6): the first one creates the
   * room (same options, bet and password) and the others hear of it; each caller is seated in it.
   */
  rematch(userId: UserId, roomId: RoomId): Promise<Result<SeatAnswer>>;
  /**
   * May this user see the room's table (watch state, spectator view, record, room channel)? A
   * public room: anyone signed in. A private one: its seated players, and whoever gives its
   * password (`room/password_required` without one, `room/wrong_password` with a wrong one).
   */
  canWatch(userId: UserId, roomId: RoomId, password: string | undefined): Promise<Result<true>>;
}

async function walletBalance(tx: Tx, userId: number, walletType: string): Promise<bigint> {
  const [row] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.walletType, walletType)));
  return row?.balance ?? 0n;
}

/** What a room is created with: its options, stake and password. */
type RoomOptions = Pick<
  RoomRow,
  | 'betAmount'
  | 'balanceType'
  | 'playerCount'
  | 'deckSize'
  | 'isSpeedMode'
  | 'isTransferAllowed'
  | 'isCheatingAllowed'
  | 'isDrawAllowed'
  | 'isDeathMatchAllowed'
  | 'isClassicModeAllowed'
  | 'cardTransferPermission'
  | 'secretTrumpMode'
  | 'isTeamMode'
  | 'passwordHash'
>;

/** A finished room's options and stake, for its rematch. */
function optionsOf(room: RoomRow): Omit<RoomOptions, 'passwordHash'> {
  const { betAmount, balanceType, playerCount, deckSize, isSpeedMode, isTransferAllowed, isCheatingAllowed, isDrawAllowed } = room;
  const { isDeathMatchAllowed, isClassicModeAllowed, cardTransferPermission, secretTrumpMode, isTeamMode } = room;
  return {
    betAmount,
    balanceType,
    playerCount,
    deckSize,
    isSpeedMode,
    isTransferAllowed,
    isCheatingAllowed,
    isDrawAllowed,
    isDeathMatchAllowed,
    isClassicModeAllowed,
    cardTransferPermission,
    secretTrumpMode,
    isTeamMode,
  };
}

const cannotCover = (bet: bigint, balance: bigint) =>
  failure('wallet/insufficient_funds', 'Not enough chips to cover the stake', { bet_amount: bet.toString(), balance: balance.toString() });

/**
 * After a seat change: the status (pending until every seat is taken, then ready), the next
 * unready seat's deadline, and the news for the room channel and the lobby. An empty room closes.
 */
async function updateSeating(
  tx: Tx,
  outbox: Outbox,
  room: RoomRow,
  now: Date,
  openRoomSeconds: number,
  known?: SeatRow[],
): Promise<{ room: RoomRow; seats: SeatRow[] }> {
  // The caller's fresh read of the seats when it has one: one round trip fewer per seat change.
  const seats = known ?? (await seatsOfRoom(tx, room.id));
  if (seats.length === 0) {
    const [closed] = await tx
      .update(rooms)
      .set({ status: 'FINISHED', expiresAt: null, finishedAt: now })
      .where(eq(rooms.id, room.id))
      .returning();
    outbox.toRoom(room.id, { type: 'room_closed', room_id: room.id, seq: room.seq });
    outbox.toLobby({ type: 'room_removed', room_id: room.id });
    return { room: closed!, seats };
  }
  // The room's deadline is its earliest unready seat's.
  let nextReady: Date | null = null;
  for (const seat of seats) {
    if (!seat.isReady && seat.readyDeadline !== null && (nextReady === null || seat.readyDeadline < nextReady))
      nextReady = seat.readyDeadline;
  }
  const status = seats.length >= room.playerCount ? 'ready' : 'pending';
  // Everyone seated is ready but seats are free: the room waits for players, not for ever.
  const waitsForPlayers = status === 'pending' && nextReady === null;
  const expiresAt = waitsForPlayers ? new Date(now.getTime() + openRoomSeconds * 1000) : nextReady;
  const [updated] = await tx.update(rooms).set({ status, expiresAt }).where(eq(rooms.id, room.id)).returning();
  const json = roomJson(updated!, seats);
  outbox.toRoom(room.id, { type: 'room_changed', room_id: room.id, seq: room.seq, room: json });
  outbox.toLobby({ type: 'room_changed', room: lobbyView(json) });
  return { room: updated!, seats };
}

/** `startGame` comes from games, passed in at wiring so rooms never import games. */
export function createRoomsService(context: DomainContext, startGame: StartGame): RoomsService {
  const { store, config } = context;

  const access = createRoomAccess(context);

  // A seat is the stake (its bet moves at the start, which does not ask again): the guard decides first.
  const mayTakeSeat = (tx: Tx, userId: number, room: Pick<RoomRow, 'betAmount' | 'balanceType'>) =>
    context.guard.check(tx, { userId, kind: 'seat', walletType: room.balanceType as WalletType, amount: room.betAmount });

  const updateSeats = (tx: Tx, outbox: Outbox, room: RoomRow, now: Date, seats?: SeatRow[]) =>
    updateSeating(tx, outbox, room, now, config.openRoomSeconds, seats);

  /** A new room with its creator in seat 0, if the creator can cover the stake. */
  async function insertRoom(tx: Tx, outbox: Outbox, userId: number, options: RoomOptions, now: Date): Promise<Result<RoomPayload>> {
    const allowed = await mayTakeSeat(tx, userId, options);
    if (!allowed.ok) return allowed;
    const balance = await walletBalance(tx, userId, options.balanceType);
    if (balance < options.betAmount) return cannotCover(options.betAmount, balance);
    const [room] = await tx
      .insert(rooms)
      .values({ ...options, creatorId: userId, createdAt: now, expiresAt: new Date(now.getTime() + config.readySeconds * 1000) })
      .returning();
    await tx.insert(roomSeats).values({ roomId: room!.id, position: 0, userId, readyDeadline: room!.expiresAt, seatedAt: now });
    const json = roomJson(room!, await seatsOfRoom(tx, room!.id));
    outbox.toLobby({ type: 'room_created', room: lobbyView(json) });
    return ok(json);
  }

  /** Seats the user in the locked room (the first free seat unless one is asked for). */
  async function takeSeat(
    tx: Tx,
    outbox: Outbox,
    room: RoomRow,
    userId: number,
    wanted: number | undefined,
    now: Date,
  ): Promise<Result<SeatAnswer>> {
    if (room.status === 'FINISHED') return failure('room/finished', 'This room is closed');
    if (room.status === 'in_progress') return failure('room/already_started', 'The game has started');
    const seats = await seatsOfRoom(tx, room.id);
    if (seats.some((s) => s.userId === userId)) return failure('room/already_seated', 'You already sit in this room');
    if (seats.length >= room.playerCount) return failure('room/full', 'Every seat is taken');
    const free = Array.from({ length: room.playerCount }, (_, p) => p).filter((p) => !seats.some((s) => s.position === p));
    let position = free[0]!;
    if (wanted !== undefined) {
      if (wanted >= room.playerCount)
        return failure('request/invalid', `position: must be below ${room.playerCount}`, { field: 'position' });
      if (!free.includes(wanted)) return failure('room/seat_taken', `Seat ${wanted} is taken`);
      position = wanted;
    }
    const allowed = await mayTakeSeat(tx, userId, room);
    if (!allowed.ok) return allowed;
    const balance = await walletBalance(tx, userId, room.balanceType);
    if (balance < room.betAmount) return cannotCover(room.betAmount, balance);
    // Accounts of one device or one Telegram user never sit at one bet table (FEATURES.md §12).
    const linked = room.betAmount > 0n ? await linkedAmong(tx, [userId, ...seats.map((s) => s.userId)]) : [];
    if (linked.some((pair) => pair.a === userId || pair.b === userId))
      return failure('room/linked_accounts', 'An account linked to yours already sits at this table');
    await tx
      .insert(roomSeats)
      .values({ roomId: room.id, position, userId, readyDeadline: new Date(now.getTime() + config.readySeconds * 1000), seatedAt: now });
    const seated = await updateSeats(tx, outbox, room, now);
    return ok({ room: roomJson(seated.room, seated.seats), position });
  }

  async function expireSeats(tx: Tx, outbox: Outbox, room: RoomRow, now: Date): Promise<void> {
    const lost = await tx
      .delete(roomSeats)
      .where(and(eq(roomSeats.roomId, room.id), eq(roomSeats.isReady, false), lte(roomSeats.readyDeadline, now)))
      .returning({ userId: roomSeats.userId, position: roomSeats.position });
    for (const seat of lost)
      outbox.toUser(seat.userId, { type: 'seat_lost', room_id: room.id, position: seat.position, reason: 'not_ready' });
    if (lost.length === 0 && room.status === 'pending') {
      // The deadline was the open room's: nobody came, so the room closes and frees its seats
      // (no stake has moved before the start, so nothing is refunded).
      const left = await tx
        .delete(roomSeats)
        .where(eq(roomSeats.roomId, room.id))
        .returning({ userId: roomSeats.userId, position: roomSeats.position });
      for (const seat of left)
        outbox.toUser(seat.userId, { type: 'seat_lost', room_id: room.id, position: seat.position, reason: 'room_expired' });
    }
    await updateSeats(tx, outbox, room, now);
  }

  return {
    async create(userId, body) {
      const passwordHash = body.password === undefined ? null : await hashRoomPassword(body.password);
      if (body.practice !== null) return createPracticeRoom(context, startGame, userId, { ...body, practice: body.practice }, passwordHash);
      const options = {
        betAmount: body.bet_amount,
        balanceType: body.balance_type,
        playerCount: body.player_count,
        ...roomOptionColumns(body),
        passwordHash,
      };
      return inRoomTransaction(context, 0, (tx, outbox, now) => insertRoom(tx, outbox, userId, options, now));
    },

    async list(query) {
      const { rows, hasNext } = await listRooms(store.db, query);
      const seats = await seatsOf(
        store.db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => roomJson(r, seats.get(r.id) ?? [])), hasNext };
    },

    async get(roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      return ok(roomJson(room, await seatsOfRoom(store.db, roomId)));
    },

    async seat(userId, roomId, body) {
      const room0 = await readRoom(store.db, roomId);
      if (!room0) return failure('room/not_found', `No room ${roomId}`);
      // Checked before the lock: scrypt is slow and must not hold the room.
      const admitted = await access.maySeat(room0, userId, body.password);
      if (!admitted.ok) return admitted;
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        return takeSeat(tx, outbox, room, userId, body.position, now);
      });
    },

    async rematch(userId, roomId) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        // The finished room's lock makes the rematch one room however many players ask at once.
        const finished = await lockRoom(tx, roomId);
        if (!finished) return failure('room/not_found', `No room ${roomId}`);
        const state = gameStateOf(finished);
        if (finished.status !== 'FINISHED' || !state) return failure('room/not_finished', 'A rematch follows a finished game');
        const players = state.players.map(Number);
        if (!players.includes(userId)) return failure('room/not_a_player', 'Only the players of that game can ask for its rematch');
        if (finished.tournamentId !== null) return failure('room/no_rematch', 'A tournament seats its own games');
        // A practice room's bots are not asked: the player starts a new practice game instead.
        if (finished.botLevel !== null) return failure('room/no_rematch', 'Start a new game against the computer');
        if (finished.rematchRoomId !== null) {
          // Locked after the finished room: every rematch takes the two locks in this order.
          const next = await lockRoom(tx, finished.rematchRoomId);
          if (!next) return failure('room/not_found', `No room ${finished.rematchRoomId}`);
          const seats = await seatsOfRoom(tx, next.id);
          const mine = seats.find((s) => s.userId === userId);
          if (mine) return ok({ room: roomJson(next, seats), position: mine.position });
          return takeSeat(tx, outbox, next, userId, undefined, now);
        }
        const created = await insertRoom(tx, outbox, userId, { ...optionsOf(finished), passwordHash: finished.passwordHash }, now);
        if (!created.ok) return created;
        await tx.update(rooms).set({ rematchRoomId: created.value.id }).where(eq(rooms.id, roomId));
        for (const other of players.filter((p) => p !== userId)) {
          outbox.toUser(other, { type: 'rematch_offered', room_id: created.value.id, from_room_id: roomId });
        }
        return ok({ room: created.value, position: 0 });
      });
    },

    async ready(userId, roomId) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        if (room.status === 'FINISHED') return failure('room/finished', 'This room is closed');
        if (room.status === 'in_progress') return failure('room/already_started', 'The game has started');
        const marked = await tx
          .update(roomSeats)
          .set({ isReady: true, readyDeadline: null })
          .where(and(eq(roomSeats.roomId, roomId), eq(roomSeats.userId, userId)))
          .returning();
        if (marked.length === 0) return failure('room/not_seated', 'You do not sit in this room');
        const seats = await seatsOfRoom(tx, roomId);
        if (seats.length === room.playerCount && seats.every((s) => s.isReady)) {
          const started = await startGame(tx, room, seats, { now, config, outbox });
          if (started.started) {
            const [running] = await tx.select().from(rooms).where(eq(rooms.id, roomId));
            const json = roomJson(running!, seats);
            outbox.toLobby({ type: 'room_changed', room: lobbyView(json) });
            return ok(json);
          }
          // Someone spent the stake meanwhile: that seat goes, the others wait for a new player.
          for (const id of started.unfunded) {
            await tx.delete(roomSeats).where(and(eq(roomSeats.roomId, roomId), eq(roomSeats.userId, id)));
            outbox.toUser(id, { type: 'seat_lost', room_id: roomId, reason: 'insufficient_funds' });
          }
          const seated = await updateSeats(tx, outbox, room, now);
          return ok(roomJson(seated.room, seated.seats));
        }
        const seated = await updateSeats(tx, outbox, room, now, seats);
        return ok(roomJson(seated.room, seated.seats));
      });
    },

    async canWatch(userId, roomId, password) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const allowed = await access.mayWatch(room, userId, password);
      // Who watched while the game ran may report from the table later (FEATURES.md §17).
      if (allowed.ok) await noteWatcher(store.db, room, userId, context.now());
      return allowed;
    },

    async leaveBeforeStart(tx, outbox, room, userId, now) {
      const removed = await tx
        .delete(roomSeats)
        .where(and(eq(roomSeats.roomId, room.id), eq(roomSeats.userId, userId)))
        .returning();
      if (removed.length === 0) return failure('room/not_seated', 'You do not sit in this room');
      await updateSeats(tx, outbox, room, now);
      return ok({ seq: room.seq });
    },

    expireSeats,
  };
}

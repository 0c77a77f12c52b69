import type { GameState } from '@durak/engine';
import type { RoomListQuery, RoomPayload, RoomStatus, WalletType } from '@durak/protocol';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lte, ne, type SQL } from 'drizzle-orm';
import { preparedRows, type Db, type Tx } from '../store/db.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';

export type RoomRow = typeof rooms.$inferSelect;

export interface SeatRow {
  readonly position: number;
  readonly userId: number;
  readonly isReady: boolean;
  readonly readyDeadline: Date | null;
  readonly seatedAt: Date;
  readonly username: string;
  readonly avatarUrl: string | null;
  readonly country: string | null;
  /** A practice room's computer player. */
  readonly isBot: boolean;
}

// The room's columns in a fixed order, statements built once over them and run as named
// statements; rows are mapped by Drizzle's own column mappers, so they hold exactly what
// `tx.select().from(rooms)` returns.
type RoomKey = keyof RoomRow;
const columnsOf = (keys: readonly RoomKey[]) => keys.map((key) => [key, getTableColumns(rooms)[key]] as const);
const namesOf = (columns: ReturnType<typeof columnsOf>) => columns.map(([, column]) => `"${column.name}"`).join(', ');

function rowOf<R>(columns: ReturnType<typeof columnsOf>, values: readonly unknown[]): R {
  const row: Record<string, unknown> = {};
  columns.forEach(([key, column], i) => {
    const value = values[i];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  });
  return row as R;
}

const roomColumns = columnsOf(Object.keys(getTableColumns(rooms)) as RoomKey[]);
const lockRoomSql = `select ${namesOf(roomColumns)} from rooms where id = $1 for update`;

/** Locks the room row: every change to a room and its game goes through this one lock. */
export async function lockRoom(tx: Tx, id: number): Promise<RoomRow | undefined> {
  const [row] = await preparedRows(tx, 'durak_lock_room', lockRoomSql, [id]);
  return row === undefined ? undefined : rowOf<RoomRow>(roomColumns, row);
}

// What a player's move reads of its room: the game, its timers and banks, who is away or played
// for, the practice bots' owner, and the stake (paid out at the end). The room's options are in
// the game state; its lobby and tournament columns are read only when a game ends (`completeRoom`).
const moveKeys = [
  'id',
  'status',
  'creatorId',
  'betAmount',
  'balanceType',
  'botLevel',
  'gameState',
  'timerStartedAt',
  'expiresAt',
  'bankStartedAt',
  'timeBanks',
  'exitReasons',
  'standIns',
  'offlineSince',
] as const;
export type MoveRoom = Pick<RoomRow, (typeof moveKeys)[number]>;
const moveColumns = columnsOf(moveKeys);
const lockMoveSql = `select ${namesOf(moveColumns)} from rooms where id = $1 for update`;
const restColumns = roomColumns.filter(([key]) => !(moveKeys as readonly string[]).includes(key));
const readRestSql = `select ${namesOf(restColumns)} from rooms where id = $1`;

/** Locks the room row for a player's move, reading only what a move needs (`MoveRoom`). */
export async function lockRoomForMove(tx: Tx, id: number): Promise<MoveRoom | undefined> {
  const [row] = await preparedRows(tx, 'durak_lock_room_for_move', lockMoveSql, [id]);
  return row === undefined ? undefined : rowOf<MoveRoom>(moveColumns, row);
}

/** The whole row of a room locked for a move (a game's end tells it to its hooks): the columns the move did not read, added. */
export async function completeRoom(tx: Tx, room: MoveRoom): Promise<RoomRow> {
  if (restColumns.every(([key]) => key in room)) return room as RoomRow;
  const [row] = await preparedRows(tx, 'durak_read_room_rest', readRestSql, [room.id]);
  if (row === undefined) throw new Error(`room ${room.id} is gone under its lock`);
  return { ...rowOf<Omit<RoomRow, keyof MoveRoom>>(restColumns, row), ...room };
}

export async function readRoom(db: Db | Tx, id: number): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
  return row;
}

/** Whether any room has a due deadline: a cheap look without a transaction before the sweep takes locks. */
export async function hasDueRoom(db: Db, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(isNotNull(rooms.expiresAt), lte(rooms.expiresAt, now), ne(rooms.status, 'FINISHED')))
    .limit(1);
  return rows.length > 0;
}

/** The next room with a due deadline that no other node is handling, locked; undefined when none. */
export async function lockDueRoom(tx: Tx, now: Date): Promise<RoomRow | undefined> {
  const [row] = await tx
    .select()
    .from(rooms)
    .where(and(isNotNull(rooms.expiresAt), lte(rooms.expiresAt, now), ne(rooms.status, 'FINISHED')))
    .orderBy(asc(rooms.expiresAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function seatsOf(db: Db | Tx, roomIds: readonly number[]): Promise<Map<number, SeatRow[]>> {
  const result = new Map<number, SeatRow[]>(roomIds.map((id) => [id, []]));
  if (roomIds.length === 0) return result;
  const rows = await db
    .select({
      roomId: roomSeats.roomId,
      position: roomSeats.position,
      userId: roomSeats.userId,
      isReady: roomSeats.isReady,
      readyDeadline: roomSeats.readyDeadline,
      seatedAt: roomSeats.seatedAt,
      username: users.username,
      avatarUrl: users.avatarUrl,
      country: users.country,
      isBot: users.isBot,
    })
    .from(roomSeats)
    .innerJoin(users, eq(users.id, roomSeats.userId))
    .where(inArray(roomSeats.roomId, [...roomIds]))
    .orderBy(asc(roomSeats.roomId), asc(roomSeats.position));
  for (const { roomId, ...seat } of rows) result.get(roomId)?.push(seat);
  return result;
}

export async function seatsOfRoom(db: Db | Tx, roomId: number): Promise<SeatRow[]> {
  return (await seatsOf(db, [roomId])).get(roomId) ?? [];
}

export function gameStateOf(room: Pick<RoomRow, 'gameState'>): GameState | null {
  return (room.gameState as GameState | null) ?? null;
}

/**
 * The table's host: the creator while seated; after the creator left, whoever has sat there
 * longest, so the lobby never names someone who is not at the table.
 */
function hostOf(room: RoomRow, seats: readonly SeatRow[]): RoomPayload['host'] {
  const byTime = [...seats].sort((a, b) => a.seatedAt.getTime() - b.seatedAt.getTime() || a.position - b.position);
  const host = seats.find((s) => s.userId === room.creatorId) ?? byTime[0];
  return host ? { user_id: host.userId, username: host.username, avatar: host.avatarUrl } : null;
}

/** The room as every client sees it (lobby item, GET rooms/{id}); never the password. */
export function roomJson(room: RoomRow, seats: readonly SeatRow[]): RoomPayload {
  return {
    id: room.id,
    status: room.status as RoomStatus,
    bet_amount: room.betAmount.toString(),
    balance_type: room.balanceType as WalletType,
    player_count: room.playerCount,
    deck_size: room.deckSize,
    is_speed_mode: room.isSpeedMode,
    is_transfer_allowed: room.isTransferAllowed,
    is_cheating_allowed: room.isCheatingAllowed,
    is_draw_allowed: room.isDrawAllowed,
    is_death_match_allowed: room.isDeathMatchAllowed,
    is_classic_mode_allowed: room.isClassicModeAllowed,
    card_transfer_permission: room.cardTransferPermission as RoomPayload['card_transfer_permission'],
    secret_trump_mode: room.secretTrumpMode,
    is_team_mode: room.isTeamMode,
    is_private: room.passwordHash !== null,
    bot_level: (room.botLevel as RoomPayload['bot_level']) ?? null,
    seats_taken: seats.length,
    seats: seats.map((s) => ({
      position: s.position,
      player_id: s.userId,
      username: s.username,
      avatar_url: s.avatarUrl,
      country: s.country,
      is_ready: s.isReady,
      is_bot: s.isBot,
      user_id: s.userId,
      avatar: s.avatarUrl,
    })),
    host: hostOf(room, seats),
    created_at: room.createdAt.toISOString(),
    rematch_room_id: room.rematchRoomId,
    tournament_id: room.tournamentId,
  };
}

/** The lobby: rooms that are not finished, newest first, filtered as the spec's room filter. */
export async function listRooms(db: Db, query: RoomListQuery): Promise<{ rows: RoomRow[]; hasNext: boolean }> {
  // Tournament games are seated by their tournament, practice rooms by their bots: never from the lobby.
  const where: SQL[] = [ne(rooms.status, 'FINISHED'), isNull(rooms.tournamentId), isNull(rooms.botLevel)];
  if (query.min_bet !== undefined) where.push(gte(rooms.betAmount, query.min_bet));
  if (query.max_bet !== undefined) where.push(lte(rooms.betAmount, query.max_bet));
  const lists = [
    [rooms.playerCount, query.player_count],
    [rooms.deckSize, query.deck_size],
    [rooms.status, query.status],
    [rooms.balanceType, query.balance_type],
    [rooms.isSpeedMode, query.is_speed_mode],
    [rooms.isTransferAllowed, query.is_transfer_allowed],
    [rooms.isCheatingAllowed, query.is_cheating_allowed],
    [rooms.isDrawAllowed, query.is_draw_allowed],
    [rooms.isDeathMatchAllowed, query.is_death_match_allowed],
    [rooms.isClassicModeAllowed, query.is_classic_mode_allowed],
    [rooms.cardTransferPermission, query.card_transfer_permission],
    [rooms.secretTrumpMode, query.secret_trump_mode],
    [rooms.isTeamMode, query.is_team_mode],
  ] as const;
  for (const [column, values] of lists) {
    if (values !== undefined && values.length > 0) where.push(inArray(column, [...values] as never[]));
  }
  const rows = await db
    .select()
    .from(rooms)
    .where(and(...where))
    .orderBy(desc(rooms.createdAt), desc(rooms.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { rows: rows.slice(0, query.limit), hasNext: rows.length > query.limit };
}

/** A room's game options as the API names them (a room, a practice room, a tournament's games). */
export interface RoomOptions {
  readonly deck_size: number;
  readonly is_speed_mode: boolean;
  readonly is_transfer_allowed: boolean;
  readonly is_cheating_allowed: boolean;
  readonly is_draw_allowed: boolean;
  readonly is_death_match_allowed: boolean;
  readonly is_classic_mode_allowed: boolean;
  readonly card_transfer_permission: string;
  readonly secret_trump_mode: boolean;
  /** Rooms only (a tournament's games play one against one): absent = false. */
  readonly is_team_mode?: boolean;
}

/** The room row's columns of those options: every kind of room writes them the same way. */
export function roomOptionColumns(options: RoomOptions) {
  return {
    deckSize: options.deck_size,
    isSpeedMode: options.is_speed_mode,
    isTransferAllowed: options.is_transfer_allowed,
    isCheatingAllowed: options.is_cheating_allowed,
    isDrawAllowed: options.is_draw_allowed,
    isDeathMatchAllowed: options.is_death_match_allowed,
    isClassicModeAllowed: options.is_classic_mode_allowed,
    cardTransferPermission: options.card_transfer_permission,
    secretTrumpMode: options.secret_trump_mode,
    isTeamMode: options.is_team_mode ?? false,
  };
}

import { viewFor } from '@durak/engine';
import type { ResultPayload, ResultReason, RoomPayload, TimerPayload, WatchSeat, WatchState } from '@durak/protocol';
import type { ReadonlyDeep } from '../shared/readonly-deep.js';
import type { RoomRow, SeatRow } from '../room-core/room-store.js';
import { gameStateOf, roomJson } from '../room-core/room-store.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';
import { deadlineOf, timersOf } from './game-step.js';

/** Unready seats' deadlines as timers, so a pending room shows who must press ready by when. */
function readyTimers(seats: readonly SeatRow[]): TimerPayload[] {
  return seats
    .filter((s) => !s.isReady && s.readyDeadline !== null)
    .map((s) => ({
      timer_response: { player_id: String(s.userId), created_at: s.seatedAt.toISOString(), expired_at: s.readyDeadline!.toISOString() },
    }));
}

/** The running turn's deadline: a practice room's `expires_at` may be a bot's pause, not the timer. */
function turnDeadlineOf(room: RoomRow, config: RoomsConfig): Date | null {
  const state = gameStateOf(room);
  if (room.botLevel === null || !state || !room.timerStartedAt || room.bankStartedAt !== null) return room.expiresAt;
  return deadlineOf(state, room.timerStartedAt, config);
}

/** Why a seat's game ended: its result line's reason, or while the game runs, how it left early. */
function resultReasonOf(room: RoomRow, id: string, line: ResultPayload | undefined, result: string | null): ResultReason | null {
  if (line) return line.result_reason ?? room.exitReasons[id] ?? 'normal';
  if (result === null) return null;
  return room.exitReasons[id] ?? 'normal';
}

export function buildWatch(
  room: RoomRow,
  seats: readonly SeatRow[],
  connected: ReadonlySet<string>,
  config: RoomsConfig,
): ReadonlyDeep<WatchState> {
  const state = gameStateOf(room);
  const view = state ? viewFor(state, null) : null;
  const results = (room.results as ResultPayload[] | null) ?? null;
  const seatMap: Record<string, WatchSeat> = {};
  for (const seat of seats) {
    const id = String(seat.userId);
    const fromView = view?.seats[id];
    const result = results?.find((r) => r.player_id === id);
    seatMap[id] = {
      position: seat.position,
      player: { player_id: id, username: seat.username },
      avatar: seat.avatarUrl,
      country: seat.country,
      card_count: fromView?.card_count ?? 0,
      is_ready: seat.isReady,
      // A bot is always at the table.
      is_connected: seat.isBot || connected.has(id),
      is_bot: seat.isBot,
      stand_in: room.standIns[id] === true,
      result: result?.result ?? fromView?.result ?? null,
      amount: result?.amount ?? null,
      result_reason: resultReasonOf(room, id, result, fromView?.result ?? null),
      time_bank_ms: room.timeBanks[id] ?? 0,
    };
  }
  const isOver = room.status === 'FINISHED';
  return {
    room_id: room.id,
    room: roomJson(room, seats),
    status: room.status as RoomPayload['status'],
    seq: room.seq,
    seats: seatMap,
    round: view?.round ?? { slots: [], player_status: {} },
    phase: view?.phase ?? null,
    trump_card: view?.trump_card ?? null,
    trump_suit: view?.trump_suit ?? null,
    turn: view && !isOver ? view.turn : null,
    timers: state ? timersOf(state, room.timerStartedAt, turnDeadlineOf(room, config), room.bankStartedAt) : readyTimers(seats),
    talon_count: view?.talon_count ?? 0,
    discard_count: view?.discard_count ?? 0,
    bout_limit: view?.bout_limit ?? null,
    finishing_order: view?.finishing_order ?? [],
    seed_hash: room.seedHash,
    seed: isOver ? (view?.seed ?? null) : null,
    results,
    // Chips only move between the players and the house: what the players lost in sum is the rake.
    rake: results ? (-results.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toString() : null,
  };
}

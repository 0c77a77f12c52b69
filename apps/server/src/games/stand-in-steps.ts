import type { GameState } from '@durak/engine';
import type { StandInReason } from '@durak/protocol';
import { and, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Tx } from '../store/db.js';
import { failure } from '../shared/result.js';
import { rooms } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import type { Outbox } from '../publishing/outbox.js';
import type { MoveRoom } from '../room-core/room-store.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';
import { nextDeadlineOf, timerEndOf } from './game-step.js';

type Absences = Pick<MoveRoom, 'standIns' | 'offlineSince'>;

/**
 * Writes who the computer plays for and who is away (under the room's lock, in the caller's
 * transaction), announces each seat that changed hands on the room's channel, and moves the room's
 * deadline to what the change makes next: the stand-in's pause, a hand-over, or the timer's end.
 */
export async function saveStandIns<R extends MoveRoom>(
  tx: Tx,
  outbox: Outbox,
  room: R,
  state: GameState,
  change: { readonly standIns: Record<string, boolean>; readonly offlineSince: Record<string, string>; readonly reason: StandInReason },
  context: { readonly now: Date; readonly config: RoomsConfig; readonly reschedule: boolean },
): Promise<R> {
  const next: R = { ...room, standIns: change.standIns, offlineSince: change.offlineSince };
  const expiresAt = context.reschedule
    ? nextDeadlineOf(next, state, context.now, timerEndOf(room, state, context.config), context.config)
    : room.expiresAt;
  await tx.update(rooms).set({ standIns: next.standIns, offlineSince: next.offlineSince, expiresAt }).where(eq(rooms.id, room.id));
  const players = [
    ...Object.keys(room.standIns),
    ...Object.keys(next.standIns),
    ...Object.keys(room.offlineSince),
    ...Object.keys(next.offlineSince),
  ];
  for (const player of new Set(players)) {
    const isOn = next.standIns[player] === true;
    const isAway = next.offlineSince[player] !== undefined;
    // A drop or a return is told at once too (FEATURES.md §17): the seat shows "offline" before
    // the stand-in takes it, not 20 s later as "the computer is playing".
    const hasMoved = (room.offlineSince[player] !== undefined) !== isAway && (change.reason === 'away' || change.reason === 'reconnected');
    if (isOn === (room.standIns[player] === true) && !hasMoved) continue;
    outbox.toRoom(room.id, {
      type: 'stand_in',
      room_id: room.id,
      seq: state.seq,
      player_id: player,
      stand_in: isOn,
      reason: change.reason,
      ...(hasMoved ? { is_connected: !isAway } : {}),
    });
  }
  return { ...next, expiresAt };
}

/** The computer takes these seats (`away`: dropped too long; `timer`: timer and bank ran out; `autoplay`: asked). */
export function handedOver(
  room: Absences,
  players: readonly string[],
): { standIns: Record<string, boolean>; offlineSince: Record<string, string> } {
  const standIns = { ...room.standIns };
  for (const player of players) standIns[player] = true;
  return { standIns, offlineSince: { ...room.offlineSince } };
}

/** The player is back (reconnected, moved, tapped "I'm back"): not away, not played for. */
export function givenBack(room: Absences, player: string): { standIns: Record<string, boolean>; offlineSince: Record<string, string> } {
  const { [player]: _stood, ...standIns } = room.standIns;
  const { [player]: _away, ...offlineSince } = room.offlineSince;
  return { standIns, offlineSince };
}

/** Whether the room holds anything about the player's absence that a return would clear. */
export const isAbsent = (room: Absences, player: string): boolean =>
  room.standIns[player] === true || room.offlineSince[player] !== undefined;

/**
 * The game's players banned at `now` (FEATURES.md §8, §17): the stand-in neither takes nor plays
 * their seats, so their turns time out and a banned account wins nothing after the ban.
 */
export async function bannedAmong(tx: Tx, players: readonly string[], now: Date): Promise<ReadonlySet<string>> {
  const ids = players.map(Number).filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.bannedAt), or(isNull(users.bannedUntil), gt(users.bannedUntil, now))));
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * The fair-play case that froze the player (FEATURES.md §12), if any: their running games go on
 * with the stand-in, and they cannot take the seat back (nor surrender it) until the case closes.
 * Read only where a seat the stand-in plays would change hands, never on an ordinary move.
 */
export async function frozenCaseOf(tx: Tx, player: string): Promise<number | null> {
  const id = Number(player);
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await tx.select({ caseId: users.frozenCaseId }).from(users).where(eq(users.id, id));
  return row?.caseId ?? null;
}

/** The refusal a frozen player's own move, return or surrender at a running table gets. */
export const frozenSeat = (caseId: number) =>
  failure('account/frozen', 'This account is frozen while fair play reviews it: the computer plays your seat', { case_id: caseId });

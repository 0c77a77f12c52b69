import type { GameState } from '@durak/engine';
import type { RoomId, UserId } from '@durak/protocol';
import { failure, ok, type Result } from '../shared/result.js';
import { queryRows, type Tx } from '../store/db.js';
import { sql } from 'drizzle-orm';
import type { Outbox } from '../publishing/outbox.js';
import { gameStateOf, lockRoom, readRoom, type RoomRow } from '../room-core/room-store.js';
import { inRoomTransaction, type DomainContext } from '../room-core/domain-context.js';
import type { DecisionsAhead } from '../room-core/room-seams.js';
import { notRunning, playersInGame, type ApplyInRoom } from './game-moves.js';
import { awaitedStandIns, dueHandOvers, isAtStake, standInLevel, standInMove } from './stand-in.js';
import { frozenCaseOf, frozenSeat, givenBack, handedOver, isAbsent, saveStandIns } from './stand-in-steps.js';

/**
 * A seated player's story while the game runs, in colyseus's words (FEATURES.md §11): `onDrop` —
 * the last connection to the room went, the away clock starts and the stand-in takes the seat
 * after STAND_IN_SECONDS (`handOverAway`, from the timers); `onReconnect` — a connection came back
 * and the seat is theirs again at once; `autoplay` — the player hands the seat over or takes it
 * back on purpose. Leaving the table for good is a surrender (game-service's `leave`). Durable and
 * multi-node: every change is a row under the room's lock, and the broker's presence decides.
 */
export interface SeatLifecycle {
  /** The gateway saw the user's last connection to `room:{id}` go, or one come (across nodes). */
  presenceChanged(userId: number, roomId: number, isConnected: boolean): Promise<void>;
  autoplay(userId: UserId, roomId: RoomId, on: boolean): Promise<Result<{ stand_in: boolean }>>;
  /**
   * Fair play froze the account (FEATURES.md §12): the stand-in takes its seat in every game it
   * still plays, at the table's level, and keeps it until the case closes. Answers the rooms.
   */
  handOverFrozen(userId: number): Promise<number[]>;
  /** Seats whose players have been away for STAND_IN_SECONDS pass to the computer (never a banned player's). */
  handOverAway(tx: Tx, outbox: Outbox, room: StandInRow, state: GameState, now: Date): Promise<StandInRow>;
  /** The stand-in's move for the first seat it plays that the table waits for; null when none. */
  playStandIn(
    tx: Tx,
    outbox: Outbox,
    room: StandInRow,
    state: GameState,
    now: Date,
    ahead: DecisionsAhead | undefined,
  ): Promise<Result<{ seq: number }> | null>;
}

/** The room as the sweeper's turn reads it: with who of its players is banned now. */
export type StandInRow = RoomRow & { readonly bannedPlayers?: ReadonlySet<string> };

export function createSeatLifecycle(context: DomainContext, applyInRoom: ApplyInRoom): SeatLifecycle {
  const { store, config } = context;

  /** Who is subscribed to the room's channel on any node; null when the broker cannot say. */
  async function presenceOf(roomId: number): Promise<Set<string> | null> {
    try {
      return new Set((await context.realtime.presence(`room:${roomId}`)).users);
    } catch {
      return null;
    }
  }

  /** The last connection went: the away clock starts (the stand-in takes over when it runs out). */
  function onDrop(tx: Tx, outbox: Outbox, room: RoomRow, state: GameState, me: string, now: Date): Promise<RoomRow> {
    const change = { standIns: room.standIns, offlineSince: { ...room.offlineSince, [me]: now.toISOString() }, reason: 'away' as const };
    return saveStandIns(tx, outbox, room, state, change, { now, config, reschedule: true });
  }

  /** A connection came back: the seat is the player's again at once. */
  function onReconnect(tx: Tx, outbox: Outbox, room: RoomRow, state: GameState, me: string, now: Date): Promise<RoomRow> {
    return saveStandIns(tx, outbox, room, state, { ...givenBack(room, me), reason: 'reconnected' }, { now, config, reschedule: true });
  }

  return {
    async presenceChanged(userId, roomId, isConnected) {
      const me = String(userId);
      const playsIn = (room: RoomRow | undefined): room is RoomRow => {
        const state = room && room.status === 'in_progress' ? gameStateOf(room) : null;
        return state !== null && state !== undefined && playersInGame(state).includes(me);
      };
      // Spectators and players out of the game cost one read, no lock.
      if (!playsIn(await readRoom(store.db, roomId))) return;
      await inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!playsIn(room)) return;
        // Under the lock the broker's presence decides, not which event this is: a join and a leave
        // of one player (a quick drop after subscribing, two tabs, two nodes) run concurrently, and
        // a leave that read the room before the join cleared the start's offline mark would skip,
        // leaving a gone player never handed over. Each event changed the broker's presence before
        // it was announced, so whichever transaction locks last sees both changes.
        const present = await presenceOf(roomId);
        const isHere = present === null ? isConnected : present.has(me);
        if (isHere ? !isAbsent(room, me) : room.offlineSince[me] !== undefined) return;
        const state = gameStateOf(room)!;
        // A frozen account's seat stays the stand-in's when it comes back (§12).
        if (isHere && room.standIns[me] === true && (await frozenCaseOf(tx, me)) !== null) return;
        await (isHere ? onReconnect : onDrop)(tx, outbox, room, state, me, now);
      });
    },

    autoplay(userId, roomId, on) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        const state = gameStateOf(room);
        const me = String(userId);
        if (room.status !== 'in_progress' || !state) return notRunning(room);
        if (!playersInGame(state).includes(me))
          return failure('room/not_a_player', 'Only a player still in the game can hand over the seat');
        // Where chips or a prize are at stake the stand-in only keeps a dropped hand safe (§12).
        if (on && isAtStake(room) && room.standIns[me] !== true)
          return failure('room/autoplay_not_allowed', 'Autoplay is for practice games: at a table with a stake, play your own hand');
        const isOn = room.standIns[me] === true;
        if (!on && isOn) {
          const caseId = await frozenCaseOf(tx, me);
          if (caseId !== null) return frozenSeat(caseId);
        }
        if (on && !isOn)
          await saveStandIns(tx, outbox, room, state, { ...handedOver(room, [me]), reason: 'autoplay' }, { now, config, reschedule: true });
        if (!on && isAbsent(room, me))
          await saveStandIns(tx, outbox, room, state, { ...givenBack(room, me), reason: 'back' }, { now, config, reschedule: true });
        return ok({ stand_in: on });
      });
    },

    async handOverFrozen(userId) {
      const me = String(userId);
      const running = await queryRows<{ room_id: number }>(
        store.db,
        sql`select s.room_id from room_seats s join rooms r on r.id = s.room_id
            where s.user_id = ${userId} and r.status = 'in_progress' order by s.room_id`,
      );
      const handed: number[] = [];
      for (const { room_id } of running) {
        const roomId = Number(room_id);
        const changed = await inRoomTransaction(context, roomId, async (tx, outbox, now) => {
          const room = await lockRoom(tx, roomId);
          const state = room && room.status === 'in_progress' ? gameStateOf(room) : null;
          if (!room || !state || !playersInGame(state).includes(me) || room.standIns[me] === true) return false;
          await saveStandIns(tx, outbox, room, state, { ...handedOver(room, [me]), reason: 'frozen' }, { now, config, reschedule: true });
          return true;
        });
        if (changed) handed.push(roomId);
      }
      return handed;
    },

    // The stored time only wakes the sweeper: the broker's presence decides, because a leave on
    // one node and a rejoin on another may have crossed (and a game starts with everyone counted away).
    async handOverAway(tx, outbox, room, state, now) {
      const due = dueHandOvers(room, state, now, config);
      if (due.length === 0) return room;
      const present = (await presenceOf(room.id)) ?? new Set<string>();
      const change = handedOver(
        room,
        due.filter((p) => !present.has(p)),
      );
      for (const p of due.filter((p) => present.has(p))) delete change.offlineSince[p];
      return saveStandIns(tx, outbox, room, state, { ...change, reason: 'away' }, { now, config, reschedule: true });
    },

    async playStandIn(tx, outbox, room, state, now, ahead) {
      for (const player of awaitedStandIns(room, state)) {
        const action = standInMove(state, player, ahead, standInLevel(room));
        if (action === null) continue;
        const played = await applyInRoom(tx, outbox, room, action, now, undefined, 'stand_in');
        if (played.ok) return played;
      }
      return null;
    },
  };
}

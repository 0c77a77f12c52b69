import { awaited } from '@durak/engine';
import { eq } from 'drizzle-orm';
import { ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { rooms } from '../store/rooms-schema.js';
import type { Outbox } from '../publishing/outbox.js';
import { gameStateOf, hasDueRoom, lockDueRoom, type RoomRow } from '../room-core/room-store.js';
import { inRoomTransaction, type DomainContext } from '../room-core/domain-context.js';
import type { DecisionsAhead, SeatsBeforeStart } from '../room-core/room-seams.js';
import { ThinkFirst } from '../bots/bot-move.js';
import { dueTurn } from '../practice/bot-turn.js';
import type { ApplyInRoom } from './game-moves.js';
import { deadlineOf, nextDeadlineOf, timerEndOf, timersOf } from './game-step.js';
import type { SeatLifecycle } from './seat-lifecycle.js';
import { awaitedPeople } from './stand-in.js';
import { bannedAmong, handedOver, saveStandIns } from './stand-in-steps.js';

/**
 * The table's clock: every room's next deadline is a row (`rooms.expires_at`) that any node's
 * sweeper locks with SKIP LOCKED and fires here — turn timers and time banks, catch windows,
 * unready seats before the start, practice bots' pauses and the stand-in's moves.
 */
export function createGameTimers(
  context: DomainContext,
  beforeStart: SeatsBeforeStart,
  applyInRoom: ApplyInRoom,
  seats: SeatLifecycle,
): { fireDue(limit?: number): Promise<number> } {
  const { store, config } = context;

  /**
   * A turn timer ran out: the awaited players' time bank runs first (the deadline moves by the
   * largest bank left among them), so a player whose connection drops and comes back within it
   * loses nothing. Returns false when there is no bank to run (or it has run): the timeout applies.
   */
  async function startBank(tx: Tx, outbox: Outbox, room: RoomRow): Promise<boolean> {
    const state = gameStateOf(room);
    if (!state || room.bankStartedAt !== null || !room.expiresAt || state.phase === 'finished') return false;
    const waiting = awaited(state);
    if (waiting.on_timeout === 'none' || waiting.on_timeout === 'close_catch_window') return false;
    const bank = Math.max(0, ...waiting.players.map((p) => room.timeBanks[p] ?? 0));
    if (bank <= 0) return false;
    // From the moment the turn timer ran out, not from when the sweeper noticed.
    const bankStartedAt = room.expiresAt;
    const expiresAt = new Date(bankStartedAt.getTime() + bank);
    await tx.update(rooms).set({ bankStartedAt, expiresAt }).where(eq(rooms.id, room.id));
    const turn = { current_attacker_user_id: state.players[state.attacker]!, current_defender_user_id: state.players[state.defender]! };
    const timers = timersOf(state, room.timerStartedAt, expiresAt, bankStartedAt);
    outbox.toRoom(room.id, {
      type: 'turn',
      room_id: room.id,
      seq: state.seq,
      phase: state.phase,
      turn,
      timers,
      time_banks: room.timeBanks,
    });
    return true;
  }

  /**
   * A running game's due deadline, in this order: away players are handed over; a practice bot
   * whose pause ran out moves; the stand-in moves for a seat it plays; before the turn timer's end
   * the deadline moves on to the next of those; at its end the time bank runs, and when that has
   * run too the computer takes the awaited seats (it never lets a timeout count as surrender).
   * Only a catch window still closes by the engine's timeout. `ahead`: the hard bot's decisions
   * made ahead (a missing one throws `ThinkFirst`, see fireDue).
   */
  async function fireTurn(tx: Tx, outbox: Outbox, locked: RoomRow, now: Date, ahead: DecisionsAhead | undefined): Promise<Result<unknown>> {
    const state = gameStateOf(locked);
    if (!state) return applyInRoom(tx, outbox, locked, { type: 'timeout' }, now, undefined, 'timeout');
    let room = await seats.handOverAway(tx, outbox, { ...locked, bannedPlayers: await bannedAmong(tx, state.players, now) }, state, now);
    const turn = dueTurn(room, state, now, room.timerStartedAt && deadlineOf(state, room.timerStartedAt, config), ahead);
    for (const action of turn.kind === 'bot' ? turn.actions : []) {
      const played = await applyInRoom(tx, outbox, room, action, now);
      if (played.ok) return played;
    }
    const standIn = await seats.playStandIn(tx, outbox, room, state, now, ahead);
    if (standIn) return standIn;
    const timerEnd = timerEndOf(room, state, config);
    if (timerEnd !== null && timerEnd > now) {
      const until = nextDeadlineOf(room, state, now, timerEnd, config);
      await tx.update(rooms).set({ expiresAt: until }).where(eq(rooms.id, room.id));
      return ok(until);
    }
    if (await startBank(tx, outbox, room)) return ok(room.id);
    const people = awaitedPeople(room, state);
    if (people.length > 0) {
      room = await saveStandIns(
        tx,
        outbox,
        room,
        state,
        { ...handedOver(room, people), reason: 'timer' },
        { now, config, reschedule: false },
      );
      const played = await seats.playStandIn(tx, outbox, room, state, now, ahead);
      if (played) return played;
    }
    return applyInRoom(tx, outbox, room, { type: 'timeout' }, now, undefined, 'timeout');
  }

  async function fireOne(ahead: DecisionsAhead | undefined): Promise<boolean> {
    const roomId = await inRoomTransaction(
      context,
      (id: number) => id,
      async (tx, outbox, now) => {
        const room = await lockDueRoom(tx, now);
        if (!room) return 0;
        if (room.status === 'in_progress') {
          const result = await fireTurn(tx, outbox, room, now, ahead);
          // Nothing to time out (should not happen): clear the deadline so the sweeper moves on.
          if (!result.ok) await tx.update(rooms).set({ expiresAt: null }).where(eq(rooms.id, room.id));
        } else {
          await beforeStart.expireSeats(tx, outbox, room, now);
        }
        return room.id;
      },
    );
    return roomId !== 0;
  }

  /**
   * One due room, its hard bot's decisions made off the event loop: a step that needs one not yet
   * made throws `ThinkFirst` and rolls back; the worker thinks it out while no transaction is open
   * (PGlite's one connection and every table of the node go on), and the step runs again and finds
   * it. The seed decides, so the move is the one the step would have made on the spot. A few
   * rounds at most (a step needs one decision per seat it plays), then it decides on the spot.
   */
  async function fireThinkingFirst(): Promise<boolean> {
    const bots = context.bots;
    for (let round = 0; ; round++) {
      try {
        return await fireOne(bots !== undefined && round < 4 ? bots : undefined);
      } catch (error) {
        if (!(error instanceof ThinkFirst) || bots === undefined) throw error;
        await bots.think(error.request);
      }
    }
  }

  return {
    async fireDue(limit = 100) {
      if (!(await hasDueRoom(store.db, context.now()))) return 0;
      let count = 0;
      while (count < limit && (await fireThinkingFirst())) {
        count++;
        // Back to the event loop between rooms: on PGlite a statement never waits on I/O, so a
        // burst of due rooms would otherwise run to its end before a player's request is even
        // read; this way a move queues for the one connection behind one room, not the burst.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return count;
    },
  };
}

import { applyAction, awaited, viewFor, type Action, type Card, type GameState, type GameView } from '@durak/engine';
import { isRuleErrorCode, type Failure, type GameRecord, type ResultPayload, type WalletType, type WatchState } from '@durak/protocol';
import { asc, eq } from 'drizzle-orm';
import type { ReadonlyDeep } from '../shared/readonly-deep.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { gameEvents, rooms } from '../store/rooms-schema.js';
import type { Outbox } from '../publishing/outbox.js';
import {
  gameStateOf,
  hasDueRoom,
  lockDueRoom,
  lockRoom,
  lockRoomForMove,
  readRoom,
  seatsOfRoom,
  type MoveRoom,
  type RoomRow,
} from '../room-core/room-store.js';
import { inRoomTransaction, type RoomsContext } from '../room-core/rooms-context.js';
import type { DecisionsAhead, SeatsBeforeStart } from '../room-core/room-seams.js';
import { ThinkFirst } from '../practice/bot-move.js';
import { dueTurn } from '../practice/bot-turn.js';
import { banksAfter, deadlineOf, nextDeadlineOf, timerEndOf, timersOf, writeStep } from './game-step.js';
import { awaitedPeople, awaitedStandIns, dueHandOvers, standInMove } from './stand-in.js';
import { bannedAmong, givenBack, handedOver, isAbsent, saveStandIns } from './stand-in-steps.js';
import { gameOptionsOf } from './start-game.js';
import { buildWatch } from './watch.js';

/** A player's move as the HTTP API takes it; the player is the caller. */
export type PlayerMove =
  | { readonly type: 'attack'; readonly cards: readonly Card[] }
  | { readonly type: 'defence'; readonly slot_id: number; readonly card: Card }
  | { readonly type: 'transfer'; readonly card: Card }
  | { readonly type: 'catch'; readonly slot_id: number }
  | { readonly type: 'beat' | 'take' | 'surrender' };

export interface GameService {
  /** One action: lock, engine, write state + event (+ payout), commit, then publish. */
  act(userId: number, roomId: number, move: PlayerMove, seq?: number): Promise<Result<{ seq: number }>>;
  /** Before the start frees the seat; during the game surrenders. */
  leave(userId: number, roomId: number): Promise<Result<{ seq: number }>>;
  /** Frees the seat of a room not yet started; a started one is left alone (room/already_started), never surrendered. */
  leaveWaitingRoom(userId: number, roomId: number): Promise<Result<{ seq: number }>>;
  /** Hands the seat to the computer (`on`) or takes it back (FEATURES.md §11); answers whether it plays now. */
  autoplay(userId: number, roomId: number, on: boolean): Promise<Result<{ stand_in: boolean }>>;
  /**
   * The realtime gateway saw the user's last connection to `room:{id}` go (`isConnected` false,
   * across nodes) or one come: away players are handed over after STAND_IN_SECONDS; a return
   * gives the seat back at once.
   */
  presenceChanged(userId: number, roomId: number, isConnected: boolean): Promise<void>;
  /** Fires every due deadline (turn timers, catch windows, unready seats, stand-ins); returns how many. */
  fireDue(limit?: number): Promise<number>;
  cards(userId: number, roomId: number): Promise<Result<{ items: Card[]; seq: number }>>;
  view(userId: number, roomId: number): Promise<Result<GameView>>;
  watch(roomId: number): Promise<Result<ReadonlyDeep<WatchState>>>;
  record(roomId: number): Promise<Result<ReadonlyDeep<GameRecord>>>;
}

/** What made a step: a move, the timer, leaving the table, or the stand-in (a surrender counts by its cause). */
type StepCause = 'move' | 'timeout' | 'left' | 'stand_in';
// The stand-in never surrenders (standInMove skips it); the entry only keeps the map total.
const exitReasonOf = { move: 'surrender', timeout: 'timeout', left: 'left', stand_in: 'surrender' } as const;

/** The players still in the game: the seats a stand-in may play and their players may take back. */
/** The room as the sweeper's turn reads it: with who of its players is banned now. */
type StandInRow = RoomRow & { readonly bannedPlayers?: ReadonlySet<string> };

function playersInGame(state: GameState): string[] {
  return state.players.filter((_, seat) => state.results[seat] === null);
}

function notRunning(room: Pick<RoomRow, 'status'>): { ok: false; error: Failure } {
  return room.status === 'FINISHED'
    ? failure('room/finished', 'The game is over')
    : failure('room/not_started', 'The game has not started');
}

/** `beforeStart`: the rooms' own rules before the start, passed in at wiring so games never import rooms. */
export function createGameService(context: RoomsContext, beforeStart: SeatsBeforeStart): GameService {
  const { store, config } = context;

  async function applyInRoom(
    tx: Tx,
    outbox: Outbox,
    room: MoveRoom,
    action: Action,
    now: Date,
    seq?: number,
    cause: StepCause = 'move',
  ): Promise<Result<{ seq: number }>> {
    const state = gameStateOf(room);
    if (room.status !== 'in_progress' || !state) return notRunning(room);
    if (action.type !== 'timeout' && !state.players.includes(action.player))
      return failure('room/not_seated', 'You do not play in this game');
    if (seq !== undefined && seq !== state.seq) {
      return failure('rule/stale_seq', `The game is at seq ${state.seq}, not ${seq}`, { seq: state.seq });
    }
    const applied = applyAction(state, action);
    if (!applied.ok) {
      const { code, message } = applied.error;
      if (!isRuleErrorCode(code)) throw new Error(`the engine refused an action of room ${room.id} with ${code}`);
      return failure(code, message, { seq: state.seq });
    }
    // A running bank is spent by what the awaited players used of it; the next turn starts afresh.
    const timeBanks = room.bankStartedAt
      ? banksAfter(room.timeBanks, awaited(state).players, now.getTime() - room.bankStartedAt.getTime())
      : room.timeBanks;
    const exitReasons = { ...room.exitReasons };
    for (const event of applied.events) {
      if (event.type === 'surrendered') exitReasons[event.player] = exitReasonOf[cause];
    }
    // A move of their own gives a player's seat back at once, and restarts their away clock.
    let current = room;
    if (cause === 'move' && action.type !== 'timeout' && isAbsent(room, action.player)) {
      current = await saveStandIns(
        tx,
        outbox,
        room,
        state,
        { ...givenBack(room, action.player), reason: 'moved' },
        { now, config, reschedule: false },
      );
    }
    const step = { before: state, after: applied.state, action, events: applied.events };
    await writeStep(tx, { ...current, timeBanks, exitReasons }, step, { now, config, outbox, onGameOver: context.onGameOver });
    return ok({ seq: applied.state.seq });
  }

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

  /** Who is subscribed to the room's channel on any node; empty when the broker cannot say. */
  async function connectedTo(roomId: number): Promise<Set<string>> {
    return (await presenceOf(roomId)) ?? new Set();
  }

  /** Who is subscribed to the room's channel on any node; null when the broker cannot say. */
  async function presenceOf(roomId: number): Promise<Set<string> | null> {
    try {
      return new Set((await context.realtime.presence(`room:${roomId}`)).users);
    } catch {
      return null;
    }
  }

  /**
   * Seats whose players have been away for STAND_IN_SECONDS pass to the computer. The stored time
   * only wakes the sweeper: the broker's presence decides, because a leave on one node and a
   * rejoin on another may have crossed (and a game starts with everyone counted away).
   */
  async function handOverAway(tx: Tx, outbox: Outbox, room: StandInRow, state: GameState, now: Date): Promise<StandInRow> {
    const due = dueHandOvers(room, state, now, config);
    if (due.length === 0) return room;
    const present = await connectedTo(room.id);
    const change = handedOver(
      room,
      due.filter((p) => !present.has(p)),
    );
    for (const p of due.filter((p) => present.has(p))) delete change.offlineSince[p];
    return saveStandIns(tx, outbox, room, state, { ...change, reason: 'away' }, { now, config, reschedule: true });
  }

  /** The stand-in's move for the first seat it plays that the table waits for; null when none. */
  async function playStandIn(
    tx: Tx,
    outbox: Outbox,
    room: RoomRow,
    state: GameState,
    now: Date,
    ahead: DecisionsAhead | undefined,
  ): Promise<Result<{ seq: number }> | null> {
    for (const player of awaitedStandIns(room, state)) {
      const action = standInMove(state, player, ahead);
      if (action === null) continue;
      const played = await applyInRoom(tx, outbox, room, action, now, undefined, 'stand_in');
      if (played.ok) return played;
    }
    return null;
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
    let room = await handOverAway(tx, outbox, { ...locked, bannedPlayers: await bannedAmong(tx, state.players, now) }, state, now);
    const turn = dueTurn(room, state, now, room.timerStartedAt && deadlineOf(state, room.timerStartedAt, config), ahead);
    for (const action of turn.kind === 'bot' ? turn.actions : []) {
      const played = await applyInRoom(tx, outbox, room, action, now);
      if (played.ok) return played;
    }
    const standIn = await playStandIn(tx, outbox, room, state, now, ahead);
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
      const played = await playStandIn(tx, outbox, room, state, now, ahead);
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
    act(userId, roomId, move, seq) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoomForMove(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        return applyInRoom(tx, outbox, room, { ...move, player: String(userId) } as Action, now, seq);
      });
    },

    leave(userId, roomId) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        if (room.status === 'pending' || room.status === 'ready') return beforeStart.leaveBeforeStart(tx, outbox, room, userId, now);
        const state = gameStateOf(room);
        const me = String(userId);
        if (!state || !state.players.includes(me)) return failure('room/not_seated', 'You do not play in this game');
        // Out already (or the game is over): leaving the table changes nothing.
        if (room.status === 'FINISHED' || state.results[state.players.indexOf(me)] !== null) return ok({ seq: state.seq });
        return applyInRoom(tx, outbox, room, { type: 'surrender', player: me }, now, undefined, 'left');
      });
    },

    leaveWaitingRoom(userId, roomId) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
        if (!room) return failure('room/not_found', `No room ${roomId}`);
        if (room.status !== 'pending' && room.status !== 'ready') return failure('room/already_started', 'The game has started');
        return beforeStart.leaveBeforeStart(tx, outbox, room, userId, now);
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
        const isOn = room.standIns[me] === true;
        if (on && !isOn)
          await saveStandIns(tx, outbox, room, state, { ...handedOver(room, [me]), reason: 'autoplay' }, { now, config, reschedule: true });
        if (!on && isAbsent(room, me))
          await saveStandIns(tx, outbox, room, state, { ...givenBack(room, me), reason: 'back' }, { now, config, reschedule: true });
        return ok({ stand_in: on });
      });
    },

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
        const change = isHere
          ? { ...givenBack(room, me), reason: 'reconnected' as const }
          : { standIns: room.standIns, offlineSince: { ...room.offlineSince, [me]: now.toISOString() }, reason: 'away' as const };
        await saveStandIns(tx, outbox, room, state, change, { now, config, reschedule: true });
      });
    },

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

    async cards(userId, roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const state = gameStateOf(room);
      const seat = state ? state.players.indexOf(String(userId)) : -1;
      return ok({ items: seat >= 0 ? [...state!.hands[seat]!] : [], seq: room.seq });
    },

    async view(userId, roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const state = gameStateOf(room);
      if (!state) return notRunning(room);
      const me = String(userId);
      return ok(viewFor(state, state.players.includes(me) ? me : null));
    },

    async watch(roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const seats = await seatsOfRoom(store.db, roomId);
      let connected = new Set<string>();
      try {
        connected = new Set((await context.realtime.presence(`room:${roomId}`)).users);
      } catch {
        // Presence is a nicety: without it every seat shows offline, the game still plays.
      }
      return ok(buildWatch(room, seats, connected, config));
    },

    async record(roomId) {
      const room = await readRoom(store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const state = gameStateOf(room);
      if (room.status !== 'FINISHED' || !state) return failure('room/not_finished', 'The record is published when the game is over');
      const seats = await seatsOfRoom(store.db, roomId);
      const rows = await store.db.select().from(gameEvents).where(eq(gameEvents.roomId, roomId)).orderBy(asc(gameEvents.seq));
      return ok({
        room_id: room.id,
        options: gameOptionsOf(room),
        bet_amount: room.betAmount.toString(),
        balance_type: room.balanceType as WalletType,
        players: state.players.map((id) => {
          const seat = seats.find((s) => String(s.userId) === id);
          return { player_id: id, username: seat?.username ?? '', position: seat?.position ?? -1 };
        }),
        seed: state.seed,
        seed_hash: state.seed_hash,
        actions: rows.filter((r) => r.action !== null).map((r) => ({ seq: r.seq, action: r.action as Action })),
        results: (room.results as ResultPayload[] | null) ?? null,
      });
    },
  };
}

import { applyAction, awaited, viewFor, type Action, type Card, type GameView } from '@durak/engine';
import { isRuleErrorCode, type Failure, type ResultPayload, type WatchState } from '@durak/protocol';
import { asc, eq } from 'drizzle-orm';
import type { ReadonlyDeep } from '../shared/readonly-deep.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { gameEvents, rooms } from '../store/rooms-schema.js';
import type { Outbox } from '../tables/outbox.js';
import { gameStateOf, hasDueRoom, lockDueRoom, lockRoom, readRoom, seatsOfRoom, type RoomRow } from '../tables/room-store.js';
import { inRoomTransaction, type RoomsContext } from '../tables/rooms-context.js';
import type { SeatsBeforeStart } from '../tables/table-services.js';
import { dueTurn } from '../practice/bot-turn.js';
import { banksAfter, deadlineOf, timersOf, writeStep } from './game-step.js';
import { gameOptionsOf } from './start-game.js';
import { buildWatch } from './watch.js';

/** A player's move as the HTTP API takes it; the player is the caller. */
export type PlayerMove =
  | { readonly type: 'attack'; readonly cards: readonly Card[] }
  | { readonly type: 'defence'; readonly slot_id: number; readonly card: Card }
  | { readonly type: 'transfer'; readonly card: Card }
  | { readonly type: 'catch'; readonly slot_id: number }
  | { readonly type: 'beat' | 'take' | 'surrender' };

export interface GameRecord {
  readonly room_id: number;
  readonly options: ReturnType<typeof gameOptionsOf>;
  readonly bet_amount: string;
  readonly balance_type: string;
  readonly players: { readonly player_id: string; readonly username: string; readonly position: number }[];
  readonly seed: string | null;
  readonly seed_hash: string | null;
  readonly actions: { readonly seq: number; readonly action: Action }[];
  readonly results: ResultPayload[] | null;
}

export interface GameService {
  /** One action: lock, engine, write state + event (+ payout), commit, then publish. */
  act(userId: number, roomId: number, move: PlayerMove, seq?: number): Promise<Result<{ seq: number }>>;
  /** Before the start frees the seat; during the game surrenders. */
  leave(userId: number, roomId: number): Promise<Result<{ seq: number }>>;
  /** Fires every due deadline (turn timers, catch windows, unready seats); returns how many. */
  fireDue(limit?: number): Promise<number>;
  cards(userId: number, roomId: number): Promise<Result<{ items: Card[]; seq: number }>>;
  view(userId: number, roomId: number): Promise<Result<GameView>>;
  watch(roomId: number): Promise<Result<ReadonlyDeep<WatchState>>>;
  record(roomId: number): Promise<Result<GameRecord>>;
}

/** What made a step: a move, the timer, or leaving the table (a surrender counts by its cause). */
type StepCause = 'move' | 'timeout' | 'left';
const exitReasonOf = { move: 'surrender', timeout: 'timeout', left: 'left' } as const;

function notRunning(room: RoomRow): { ok: false; error: Failure } {
  return room.status === 'FINISHED' ? failure('room/finished', 'The game is over') : failure('room/not_started', 'The game has not started');
}

/** `beforeStart`: the rooms' own rules before the start, passed in at wiring so games never import rooms. */
export function createGameService(context: RoomsContext, beforeStart: SeatsBeforeStart): GameService {
  const { store, config } = context;

  async function applyInRoom(tx: Tx, outbox: Outbox, room: RoomRow, action: Action, now: Date, seq?: number, cause: StepCause = 'move'): Promise<Result<{ seq: number }>> {
    const state = gameStateOf(room);
    if (room.status !== 'in_progress' || !state) return notRunning(room);
    if (action.type !== 'timeout' && !state.players.includes(action.player)) return failure('room/not_seated', 'You do not play in this game');
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
    const timeBanks = room.bankStartedAt ? banksAfter(room.timeBanks, awaited(state).players, now.getTime() - room.bankStartedAt.getTime()) : room.timeBanks;
    const exitReasons = { ...room.exitReasons };
    for (const event of applied.events) {
      if (event.type === 'surrendered') exitReasons[event.player] = exitReasonOf[cause];
    }
    const step = { before: state, after: applied.state, action, events: applied.events };
    await writeStep(tx, { ...room, timeBanks, exitReasons }, step, { now, config, outbox, onGameOver: context.onGameOver });
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
    outbox.toRoom(room.id, { type: 'turn', room_id: room.id, seq: state.seq, phase: state.phase, turn, timers, time_banks: room.timeBanks });
    return true;
  }

  /**
   * A running game's due deadline: a practice bot's move when its pause ran out; else the turn
   * timer ran out, and the time bank runs before the timeout applies.
   */
  async function fireTurn(tx: Tx, outbox: Outbox, room: RoomRow, now: Date): Promise<Result<unknown>> {
    const state = gameStateOf(room);
    const turn = state ? dueTurn(room, state, now, room.timerStartedAt && deadlineOf(state, room.timerStartedAt, config)) : ({ kind: 'timeout' } as const);
    if (turn.kind === 'wait') {
      await tx.update(rooms).set({ expiresAt: turn.until }).where(eq(rooms.id, room.id));
      return ok(turn.until);
    }
    for (const action of turn.kind === 'bot' ? turn.actions : []) {
      const played = await applyInRoom(tx, outbox, room, action, now);
      if (played.ok) return played;
    }
    if (await startBank(tx, outbox, room)) return ok(room.id);
    return applyInRoom(tx, outbox, room, { type: 'timeout' }, now, undefined, 'timeout');
  }

  async function fireOne(): Promise<boolean> {
    const roomId = await inRoomTransaction(
      context,
      (id: number) => id,
      async (tx, outbox, now) => {
        const room = await lockDueRoom(tx, now);
        if (!room) return 0;
        if (room.status === 'in_progress') {
          const result = await fireTurn(tx, outbox, room, now);
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

  return {
    act(userId, roomId, move, seq) {
      return inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const room = await lockRoom(tx, roomId);
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

    async fireDue(limit = 100) {
      if (!(await hasDueRoom(store.db, context.now()))) return 0;
      let count = 0;
      while (count < limit && (await fireOne())) {
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
        balance_type: room.balanceType,
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

import { applyAction, awaited, type Action, type GameState } from '@durak/engine';
import { isRuleErrorCode, type Failure } from '@durak/protocol';
import { failure, ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import type { Outbox } from '../publishing/outbox.js';
import { gameStateOf, type MoveRoom, type RoomRow } from '../room-core/room-store.js';
import type { DomainContext } from '../room-core/domain-context.js';
import { banksAfter, writeStep, type StepCause } from './game-step.js';
import { frozenCaseOf, frozenSeat, givenBack, isAbsent, saveStandIns } from './stand-in-steps.js';

// The stand-in never surrenders (standInMove skips it); the entry only keeps the map total.
const exitReasonOf = { move: 'surrender', timeout: 'timeout', left: 'left', stand_in: 'surrender' } as const;

/** The players still in the game: the seats a stand-in may play and their players may take back. */
export function playersInGame(state: GameState): string[] {
  return state.players.filter((_, seat) => state.results[seat] === null);
}

export function notRunning(room: Pick<RoomRow, 'status'>): { ok: false; error: Failure } {
  return room.status === 'FINISHED'
    ? failure('room/finished', 'The game is over')
    : failure('room/not_started', 'The game has not started');
}

/** Applies one action to a locked room, whoever made it. */
export type ApplyInRoom = (
  tx: Tx,
  outbox: Outbox,
  room: MoveRoom,
  action: Action,
  now: Date,
  seq?: number,
  cause?: StepCause,
) => Promise<Result<{ seq: number }>>;

/**
 * The one way an action reaches the table, a player's, the timer's or the stand-in's: the engine
 * judges it against the locked state, the time banks and exit reasons follow, a player's own move
 * takes their seat back from the stand-in, and the step is written with its publications.
 */
export function createApplyInRoom(context: DomainContext): ApplyInRoom {
  const { config } = context;
  return async (tx, outbox, room, action, now, seq, cause = 'move') => {
    const state = gameStateOf(room);
    if (room.status !== 'in_progress' || !state) return notRunning(room);
    if (action.type !== 'timeout' && !state.players.includes(action.player))
      return failure('room/not_seated', 'You do not play in this game');
    if (seq !== undefined && seq !== state.seq) {
      return failure('rule/stale_seq', `The game is at seq ${state.seq}, not ${seq}`, { seq: state.seq });
    }
    // A frozen account's seat is the stand-in's until its case closes (§12): its own move or
    // surrender would hand chips on; read only when the stand-in holds the seat.
    if ((cause === 'move' || cause === 'left') && action.type !== 'timeout' && room.standIns[action.player] === true) {
      const caseId = await frozenCaseOf(tx, action.player);
      if (caseId !== null) return frozenSeat(caseId);
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
    const step = { before: state, after: applied.state, action, events: applied.events, cause };
    await writeStep(tx, { ...current, timeBanks, exitReasons }, step, { now, config, outbox, onGameOver: context.onGameOver });
    return ok({ seq: applied.state.seq });
  };
}

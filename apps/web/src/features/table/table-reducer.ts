import { isSameCard, type Card, type GameView } from '@durak/engine';
import type { RoomMessage, UserMessage, WatchState } from '@durak/protocol';
import { applyRoomEvent, judgeSeq, needsRead } from './table-events';

/**
 * Everything the table shows. The hand has one source: the caller's own engine view. It comes
 * pushed on the personal channel after every step (`view`), or from a full re-read (watch + view)
 * when something was missed; `hand` is `view.hand`, less a card the player has just played.
 */
export interface TableState {
  watch: WatchState | null;
  /** The caller's own engine view, for legalActions; null for a spectator or before the deal. */
  view: GameView | null;
  hand: Card[];
  error: unknown;
  /** The seq of the last full read, and the newest seq followed live since (DESIGN §1). */
  readSeq: number;
  liveSeq: number;
  /** A publication was missed or carried no data to apply: the table must be read again. */
  isStale: boolean;
  /** The room of this finished game's rematch, once another player asked for it. */
  rematchRoomId: number | null;
  /** The computer played for the caller and gave the seat back when they reconnected (FEATURES.md §11). */
  wasPlayedFor: boolean;
  /** Why the caller's seat went before the game (FEATURES.md §17: a closed table says why). */
  seatLost: Extract<UserMessage, { type: 'seat_lost' }>['reason'] | null;
}

export type TableMessage =
  /** A fresh read of the table (and of the caller's view when seated in a running game). */
  | { type: 'read'; watch: WatchState; view: GameView | null }
  | { type: 'read_failed'; error: unknown }
  /** A publication of the room's channel. */
  | { type: 'room'; event: RoomMessage; me?: string | null }
  /** A publication of the caller's own channel about this room. */
  | { type: 'personal'; event: UserMessage }
  /** The player closed the "the computer played for you" notice. */
  | { type: 'played_for_seen' }
  /** The player played this card: it leaves the hand at once, before the server answers. */
  | { type: 'card_played'; card: Card };

export const EMPTY_TABLE: TableState = {
  watch: null,
  view: null,
  hand: [],
  error: null,
  readSeq: -1,
  liveSeq: -1,
  isStale: false,
  rematchRoomId: null,
  wasPlayedFor: false,
  seatLost: null,
};

/**
 * A seat changing hands between its player and the computer. Not a step of the game (it repeats
 * the current seq), so it is applied whatever the seq: the latest word on the seat wins.
 */
function onStandIn(state: TableState, event: Extract<RoomMessage, { type: 'stand_in' }>, me: string | null): TableState {
  const seat = state.watch?.seats[event.player_id];
  // A drop or a return (FEATURES.md §17) marks the seat offline or back at once.
  const connection = event.is_connected === undefined ? {} : { is_connected: event.is_connected };
  const watch =
    state.watch && seat
      ? { ...state.watch, seats: { ...state.watch.seats, [event.player_id]: { ...seat, stand_in: event.stand_in, ...connection } } }
      : state.watch;
  // Only a seat the computer really gave back was played for; a bare return was not.
  const isHandOver = event.is_connected === undefined || seat === undefined || seat.stand_in !== event.stand_in;
  // The caller's id, not only the view's: after a reload the seat may come back before the view is read.
  const isMine = (me ?? state.view?.viewer) === event.player_id;
  const wasPlayedFor = isMine && isHandOver ? !event.stand_in && event.reason === 'reconnected' : state.wasPlayedFor;
  return { ...state, watch, wasPlayedFor };
}

function onRoomEvent(state: TableState, event: RoomMessage, me: string | null): TableState {
  if (event.type === 'stand_in') return onStandIn(state, event, me);
  if (needsRead(event)) return { ...state, isStale: true };
  if (event.type === 'emoji') return state;
  const verdict = judgeSeq(event, state.readSeq, state.liveSeq);
  if (verdict === 'stale') return state;
  if (verdict === 'gap') return { ...state, isStale: true };
  const liveSeq = 'seq' in event ? Math.max(state.liveSeq, event.seq) : state.liveSeq;
  if (!state.watch) return { ...state, liveSeq };
  return { ...state, liveSeq, watch: applyRoomEvent(state.watch, event) };
}

function onPersonalEvent(state: TableState, event: UserMessage): TableState {
  if (event.type === 'seat_lost') return { ...state, isStale: true, seatLost: event.reason };
  if (event.type === 'rematch_offered') return { ...state, rematchRoomId: event.room_id };
  // The `hand` push is not read: the `view` of the same step carries the same cards and the
  // legal moves' inputs, so the hand and the buttons can never disagree.
  if (event.type !== 'view') return state;
  // Only a newer view: an old one recovered from the channel's history after a reconnect must not
  // put back cards played since, nor one of the same step a card the player just played.
  if (state.view && event.view.seq <= state.view.seq) return state;
  return { ...state, view: event.view, hand: [...event.view.hand] };
}

/** The table's state after one message: pure, so every case is a table-driven test. */
export function tableReducer(state: TableState, message: TableMessage): TableState {
  switch (message.type) {
    case 'read': {
      const { watch } = message;
      // A read that left before the last realtime step arrived is older than the table on screen
      // (a resubscribe re-reads while the game goes on): it must not bring back an older table.
      if (state.watch && state.watch.room.id === watch.room.id && watch.seq < state.watch.seq) return { ...state, error: null };
      // A view pushed while the read was on its way may be newer than the one read.
      const held = state.view;
      const view = message.view && held && held.seq > message.view.seq ? held : message.view;
      const hand = view !== null && view === held ? state.hand : [...(view?.hand ?? [])];
      const rematchRoomId = watch.room.rematch_room_id ?? state.rematchRoomId;
      return {
        watch,
        view,
        hand,
        error: null,
        readSeq: watch.seq,
        liveSeq: watch.seq,
        isStale: false,
        rematchRoomId,
        wasPlayedFor: state.wasPlayedFor,
        // Another table read afresh (a rematch, a move to another room) forgets this one's lost seat.
        seatLost: state.watch === null || state.watch.room.id === watch.room.id ? state.seatLost : null,
      };
    }
    case 'played_for_seen':
      return { ...state, wasPlayedFor: false };
    case 'read_failed':
      return { ...state, error: message.error };
    case 'room':
      return onRoomEvent(state, message.event, message.me ?? null);
    case 'personal':
      return onPersonalEvent(state, message.event);
    case 'card_played':
      return { ...state, hand: state.hand.filter((c) => !isSameCard(c, message.card)) };
  }
}

/**
 * The caller sits in a running game whose table moved past their view: the view of that step
 * is owed by the personal channel. While it lags no move is offered (the buttons would judge an
 * old position); if it does not come, the hook reads the table again.
 */
export function isViewBehind(state: TableState, me: string): boolean {
  const { watch, view } = state;
  if (!watch || watch.status !== 'in_progress' || !(me in watch.seats)) return false;
  return (view?.seq ?? -1) < watch.seq;
}

import type { ViewSlot } from '@durak/engine';
import type { RoomMessage, WatchState } from '@durak/protocol';

/**
 * Where a message stands against what we hold. Every publication of one step carries that step's
 * seq, so an equal seq is still news while we are following the stream; a jump past the next seq
 * means something was missed and the state must be read again (DESIGN §1).
 */
export type SeqVerdict = 'stale' | 'apply' | 'gap';

export function judgeSeq(event: RoomMessage, readSeq: number, liveSeq: number): SeqVerdict {
  // An emoji is not a step of the game: it has no seq and is always news.
  if (!('seq' in event)) return 'apply';
  // A time bank starting re-announces the step already read, with the bank's timer: news, not stale.
  if (event.type === 'turn' && event.seq === readSeq && event.timers.some((t) => t.is_time_bank)) return 'apply';
  if (event.seq <= readSeq) return 'stale';
  return event.seq > Math.max(readSeq, liveSeq) + 1 ? 'gap' : 'apply';
}

/** Messages that need a fresh read because they carry no table data we apply here. */
const READ_AGAIN: ReadonlySet<RoomMessage['type']> = new Set(['room_changed', 'game_started', 'room_closed', 'caught', 'surrendered']);

export function needsRead(event: RoomMessage): boolean {
  return READ_AGAIN.has(event.type);
}

function withCount(watch: WatchState, player: string, delta: number): WatchState['seats'] {
  const seat = watch.seats[player];
  if (!seat) return watch.seats;
  return { ...watch.seats, [player]: { ...seat, card_count: Math.max(0, seat.card_count + delta) } };
}

/** Applies one engine event to the public state so the table repaints at once, before any read. */
export function applyRoomEvent(watch: WatchState, event: RoomMessage): WatchState {
  const seq = 'seq' in event ? Math.max(watch.seq, event.seq) : watch.seq;
  const slots = watch.round.slots;
  const defender = watch.turn?.current_defender_user_id ?? '';
  switch (event.type) {
    case 'played': {
      const added: ViewSlot[] = event.cards.map((c, i) => ({
        slot_id: event.slot_ids[i] ?? slots.length + i + 1,
        attacker: event.player,
        attack_card: c,
        defender,
        defense_card: null,
      }));
      const status = Object.fromEntries(Object.entries(watch.round.player_status).filter(([, s]) => s === 'take'));
      return {
        ...watch,
        seq,
        seats: withCount(watch, event.player, -event.cards.length),
        round: { slots: [...slots, ...added], player_status: status },
      };
    }
    case 'beaten': {
      const next = slots.map((s) => (s.slot_id === event.slot_id ? { ...s, defense_card: event.card } : s));
      return { ...watch, seq, seats: withCount(watch, event.player, -1), round: { slots: next, player_status: {} } };
    }
    case 'transferred': {
      const moved = [
        ...slots,
        { slot_id: event.slot_id, attacker: event.player, attack_card: event.card, defender: event.defender, defense_card: null },
      ];
      const turn = watch.turn ? { current_attacker_user_id: event.player, current_defender_user_id: event.defender } : null;
      return {
        ...watch,
        seq,
        turn,
        seats: withCount(watch, event.player, -1),
        round: { slots: moved.map((s) => ({ ...s, defender: event.defender })), player_status: {} },
      };
    }
    case 'said_beat':
    case 'said_take':
      return {
        ...watch,
        seq,
        round: {
          ...watch.round,
          player_status: { ...watch.round.player_status, [event.player]: event.type === 'said_beat' ? 'beat' : 'take' },
        },
      };
    case 'taken':
      return { ...watch, seq, seats: withCount(watch, event.player, event.cards.length), round: { slots: [], player_status: {} } };
    case 'discarded':
      return { ...watch, seq, discard_count: watch.discard_count + event.cards.length, round: { slots: [], player_status: {} } };
    case 'drawn':
      return {
        ...watch,
        seq,
        seats: withCount(watch, event.player, event.count),
        talon_count: Math.max(0, watch.talon_count - event.count),
      };
    case 'bout_started':
      return { ...watch, seq, turn: { current_attacker_user_id: event.attacker, current_defender_user_id: event.defender } };
    case 'trump_revealed':
      return { ...watch, seq, trump_card: event.trump_card, trump_suit: event.trump_card.suit };
    case 'player_out': {
      const seat = watch.seats[event.player];
      if (!seat) return { ...watch, seq };
      return { ...watch, seq, seats: { ...watch.seats, [event.player]: { ...seat, result: event.result } } };
    }
    case 'turn': {
      const seats = { ...watch.seats };
      for (const [id, ms] of Object.entries(event.time_banks ?? {})) {
        const seat = seats[id];
        if (seat) seats[id] = { ...seat, time_bank_ms: ms };
      }
      return { ...watch, seq, seats, phase: event.phase, turn: event.turn, timers: event.timers };
    }
    case 'game_over': {
      const seats = { ...watch.seats };
      for (const line of event.seats) {
        const seat = seats[line.player_id];
        if (seat)
          seats[line.player_id] = {
            ...seat,
            result: line.result,
            amount: line.amount,
            result_reason: line.result_reason ?? seat.result_reason,
          };
      }
      const rake = event.rake ?? watch.rake;
      return {
        ...watch,
        seq,
        seats,
        status: 'FINISHED',
        turn: null,
        timers: [],
        results: event.seats,
        seed: event.seed ?? watch.seed,
        rake,
      };
    }
    default:
      return { ...watch, seq };
  }
}

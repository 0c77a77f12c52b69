import type { Card, ViewSlot } from '@durak/engine';
import type { ResultLine, WatchState, WatchTimer } from './table-types';

/** A room channel publication: a game event of the engine or a room change, each with the game's seq. */
export interface RoomEvent {
  type: string;
  seq?: number;
  [key: string]: unknown;
}

export function parseRoomEvent(data: unknown): RoomEvent | null {
  if (!data || typeof data !== 'object' || !('type' in data) || typeof data.type !== 'string') return null;
  return data as RoomEvent;
}

/**
 * Where an event stands against what we hold. Every publication of one step carries that step's
 * seq, so an equal seq is still news while we are following the stream; a jump past the next seq
 * means something was missed and the state must be read again (DESIGN §1).
 */
export type SeqVerdict = 'stale' | 'apply' | 'gap';

export function judgeSeq(event: RoomEvent, readSeq: number, liveSeq: number): SeqVerdict {
  if (typeof event.seq !== 'number') return 'apply';
  if (event.seq <= readSeq) return 'stale';
  return event.seq > Math.max(readSeq, liveSeq) + 1 ? 'gap' : 'apply';
}

/** Events that need a fresh read because they carry no table data we can apply. */
const READ_AGAIN = new Set(['room_changed', 'game_started', 'room_closed', 'seat_taken', 'seat_left', 'ready', 'caught', 'surrendered']);

export function needsRead(event: RoomEvent): boolean {
  return READ_AGAIN.has(event.type);
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const cardsOf = (v: unknown): Card[] => (Array.isArray(v) ? (v as Card[]) : []);

function withCount(watch: WatchState, player: string, delta: number): WatchState['seats'] {
  const seat = watch.seats[player];
  if (!seat) return watch.seats;
  return { ...watch.seats, [player]: { ...seat, card_count: Math.max(0, seat.card_count + delta) } };
}

/** Applies one engine event to the public state so the table repaints at once, before any read. */
export function applyRoomEvent(watch: WatchState, event: RoomEvent): WatchState {
  const seq = typeof event.seq === 'number' ? Math.max(watch.seq, event.seq) : watch.seq;
  const player = str(event.player);
  const slots = watch.round.slots;
  const defender = watch.turn?.current_defender_user_id ?? '';
  switch (event.type) {
    case 'played': {
      const cards = cardsOf(event.cards);
      const ids = Array.isArray(event.slot_ids) ? (event.slot_ids as number[]) : [];
      const added: ViewSlot[] = cards.map((c, i) => ({ slot_id: ids[i] ?? slots.length + i + 1, attacker: player, attack_card: c, defender, defense_card: null }));
      const status = Object.fromEntries(Object.entries(watch.round.player_status).filter(([, s]) => s === 'take'));
      return { ...watch, seq, seats: withCount(watch, player, -cards.length), round: { slots: [...slots, ...added], player_status: status } };
    }
    case 'beaten': {
      const card = event.card as Card;
      const next = slots.map((s) => (s.slot_id === event.slot_id ? { ...s, defense_card: card } : s));
      return { ...watch, seq, seats: withCount(watch, player, -1), round: { slots: next, player_status: {} } };
    }
    case 'transferred': {
      const nextDefender = str(event.defender);
      const moved = [...slots, { slot_id: Number(event.slot_id), attacker: player, attack_card: event.card as Card, defender: nextDefender, defense_card: null }];
      const turn = watch.turn ? { current_attacker_user_id: player, current_defender_user_id: nextDefender } : null;
      return { ...watch, seq, turn, seats: withCount(watch, player, -1), round: { slots: moved.map((s) => ({ ...s, defender: nextDefender })), player_status: {} } };
    }
    case 'said_beat':
    case 'said_take':
      return { ...watch, seq, round: { ...watch.round, player_status: { ...watch.round.player_status, [player]: event.type === 'said_beat' ? 'beat' : 'take' } } };
    case 'taken':
      return { ...watch, seq, seats: withCount(watch, player, cardsOf(event.cards).length), round: { slots: [], player_status: {} } };
    case 'discarded':
      return { ...watch, seq, discard_count: watch.discard_count + cardsOf(event.cards).length, round: { slots: [], player_status: {} } };
    case 'drawn': {
      const count = Number(event.count) || 0;
      return { ...watch, seq, seats: withCount(watch, player, count), talon_count: Math.max(0, watch.talon_count - count) };
    }
    case 'bout_started':
      return { ...watch, seq, turn: { current_attacker_user_id: str(event.attacker), current_defender_user_id: str(event.defender) } };
    case 'trump_revealed':
      return { ...watch, seq, trump_card: event.trump_card as Card, trump_suit: (event.trump_card as Card).suit };
    case 'player_out': {
      const seat = watch.seats[player];
      if (!seat) return { ...watch, seq };
      return { ...watch, seq, seats: { ...watch.seats, [player]: { ...seat, result: event.result as 'victory' | 'defeat' | 'draw' } } };
    }
    case 'turn':
      return { ...watch, seq, turn: (event.turn as WatchState['turn']) ?? null, timers: Array.isArray(event.timers) ? (event.timers as WatchTimer[]) : watch.timers };
    case 'game_over': {
      const results = Array.isArray(event.seats) ? (event.seats as ResultLine[]) : (watch.results ?? null);
      const seats = { ...watch.seats };
      for (const line of results ?? []) {
        const seat = seats[line.player_id];
        if (seat) seats[line.player_id] = { ...seat, result: line.result, amount: line.amount };
      }
      return { ...watch, seq, seats, status: 'FINISHED', turn: null, timers: [], results, seed: typeof event.seed === 'string' ? event.seed : (watch.seed ?? null) };
    }
    default:
      return { ...watch, seq };
  }
}

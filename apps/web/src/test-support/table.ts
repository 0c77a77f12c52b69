import { DEFAULT_OPTIONS, type Card } from '@durak/engine';
import type { UserMessage, WatchSeat, WatchState } from '@durak/protocol';

/** A player's own view as the `view` message carries it (the engine's GameView, on the wire). */
type WireView = Extract<UserMessage, { type: 'view' }>['view'];
import { aRoom } from './room';

/** Tests only: a seat of a running game, `cards` in hand. */
export function aSeat(id: string, position: number, card_count = 6): WatchSeat {
  return {
    position,
    player: { player_id: id, username: `user${id}` },
    avatar: null,
    country: null,
    card_count,
    is_ready: true,
    is_connected: true,
    is_bot: false,
    stand_in: false,
    result: null,
    amount: null,
    result_reason: null,
    time_bank_ms: 30_000,
  };
}

/** Tests only: room 9's table at `seq`, players 1 (attacking) and 2 (defending), 24 cards in the talon. */
export function aWatch(seq: number, patch: Partial<WatchState> = {}): WatchState {
  return {
    room_id: 9,
    room: aRoom({ id: 9, status: 'in_progress', seats_taken: 2 }),
    status: 'in_progress',
    seq,
    seats: { '1': aSeat('1', 0), '2': aSeat('2', 1) },
    round: { slots: [], player_status: {} },
    phase: 'play',
    trump_card: { suit: 'hearts', rank: '6' },
    trump_suit: 'hearts',
    turn: { current_attacker_user_id: '1', current_defender_user_id: '2' },
    timers: [],
    talon_count: 24,
    discard_count: 0,
    bout_limit: 6,
    finishing_order: [],
    seed_hash: null,
    seed: null,
    results: null,
    rake: null,
    ...patch,
  };
}

/** Tests only: player 1's own view at `seq`, holding `hand`. */
export function aView(seq: number, hand: Card[]): WireView {
  const watch = aWatch(seq);
  return {
    viewer: '1',
    options: DEFAULT_OPTIONS,
    players: ['1', '2'],
    seats: {
      '1': { position: 0, player: { player_id: '1' }, card_count: hand.length, result: null },
      '2': { position: 1, player: { player_id: '2' }, card_count: 6, result: null },
    },
    status: 'in_progress',
    phase: 'play',
    round: watch.round,
    trump_card: watch.trump_card,
    trump_suit: 'hearts',
    turn: watch.turn!,
    hand,
    talon_count: 24,
    discard_count: 0,
    bout_limit: 6,
    is_first_discard_done: false,
    throwers: [],
    catch_window_passed: [],
    cheat_banned: [],
    catch_banned: [],
    finishing_order: [],
    seq,
    seed_hash: null,
    seed: null,
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPublication } from './publications';

const room = {
  id: 7,
  status: 'pending',
  bet_amount: '100',
  balance_type: 'BONUS_BALANCE',
  player_count: 2,
  deck_size: 36,
  is_speed_mode: false,
  is_transfer_allowed: false,
  is_cheating_allowed: false,
  is_draw_allowed: false,
  is_death_match_allowed: false,
  is_classic_mode_allowed: true,
  card_transfer_permission: 'ALL_PLAYERS',
  secret_trump_mode: false,
  is_private: false,
  bot_level: null,
  seats_taken: 0,
  seats: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

describe('a realtime publication', () => {
  it.each([
    ['a lobby room created', 'lobby', { type: 'room_created', room }],
    ['a lobby room removed', 'lobby', { type: 'room_removed', room_id: 7 }],
    ['a card played at the table', 'room:7', { type: 'played', room_id: 7, seq: 3, player: '5', cards: [{ suit: 'hearts', rank: '6' }], slot_ids: [1] }],
    ['a seat lost, on the player’s own channel', '#5', { type: 'seat_lost', room_id: 7, reason: 'not_ready' }],
  ])('reaches the screen when it has its declared shape: %s', (_name, channel, data) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readPublication(channel, data)).toEqual(data);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a message type nobody declared', 'room:7', { type: 'fireworks', room_id: 7, seq: 3 }],
    ['a played card without its cards', 'room:7', { type: 'played', room_id: 7, seq: 3, player: '5' }],
    ['a lobby room without its room', 'lobby', { type: 'room_changed' }],
    ['a bare string', '#5', 'hello'],
    ['nothing at all', 'lobby', null],
    ['a channel nobody declared', 'chat:1', { type: 'room_created', room }],
  ])('is logged and dropped, never thrown: %s', (_name, channel, data) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readPublication(channel, data)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(channel);
  });
});

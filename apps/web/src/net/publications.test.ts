import { afterEach, describe, expect, it, vi } from 'vitest';
import { aRoom } from '../test-support/room';
import { readPublication } from './publications';

const room = aRoom({ id: 7 });

afterEach(() => vi.restoreAllMocks());

describe('a realtime publication', () => {
  it.each([
    ['a lobby room created', 'lobby', { type: 'room_created', room }],
    ['a lobby room removed', 'lobby', { type: 'room_removed', room_id: 7 }],
    [
      'a card played at the table',
      'room:7',
      { type: 'played', room_id: 7, seq: 3, player: '5', cards: [{ suit: 'hearts', rank: '6' }], slot_ids: [1] },
    ],
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

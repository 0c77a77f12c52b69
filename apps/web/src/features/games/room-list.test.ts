import { describe, expect, it } from 'vitest';
import { applyLobbyEvent, mergeRooms, NO_LIVE_ROOMS, visibleRooms } from './room-list';
import type { RoomPayload } from '@durak/protocol';
import { aRoom } from '../../test-support/room';

const room = (id: number, patch: Partial<RoomPayload> = {}): RoomPayload => aRoom({ id, ...patch });
const all = () => true;

describe('lobby list', () => {
  it('merges pages without duplicates, keeping the newest copy in place', () => {
    const merged = mergeRooms([
      [room(1), room(2)],
      [room(2, { status: 'ready' }), room(3)],
    ]);
    expect(merged.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(merged[1]!.status).toBe('ready');
  });

  it('shows a room created live on top, once', () => {
    let live = applyLobbyEvent(NO_LIVE_ROOMS, { type: 'room_created', room: room(9) });
    live = applyLobbyEvent(live, { type: 'room_created', room: room(9) });
    expect(visibleRooms([room(1)], live, all).map((r) => r.id)).toEqual([9, 1]);
  });

  it('updates a room that filled up and drops one that finished', () => {
    let live = applyLobbyEvent(NO_LIVE_ROOMS, { type: 'room_changed', room: room(1, { status: 'ready', seats_taken: 2 }) });
    live = applyLobbyEvent(live, { type: 'room_changed', room: room(2, { status: 'FINISHED' }) });
    const shown = visibleRooms([room(1), room(2), room(3)], live, all);
    expect(shown.map((r) => r.id)).toEqual([1, 3]);
    expect(shown[0]!.seats_taken).toBe(2);
  });

  it('drops a removed room and hides live rooms the filter rejects', () => {
    const live = applyLobbyEvent(applyLobbyEvent(NO_LIVE_ROOMS, { type: 'room_removed', room_id: 3 }), {
      type: 'room_created',
      room: room(4, { player_count: 6 }),
    });
    expect(visibleRooms([room(3)], live, (r) => r.player_count === 2)).toEqual([]);
  });
});

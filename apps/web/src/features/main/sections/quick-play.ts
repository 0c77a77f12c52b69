import type { RoomPayload } from '@durak/protocol';
import { toApiFailure } from '../../../net/api-error';
import type { RoomFilter } from '../../games/filter-store';
import { roomsApi } from '../../games/rooms-api';

/** A room quick play may seat the player at: open, waiting for players, a seat free, not theirs. */
export function isJoinable(room: RoomPayload, userId: number): boolean {
  const isMine = room.seats.some((s) => String(s.player_id) === String(userId));
  return !room.is_private && !isMine && (room.status === 'pending' || room.status === 'ready') && room.seats_taken < room.player_count;
}

/**
 * Seats the player at the first waiting room matching the saved lobby filter and returns its id,
 * or null when none matched or every try was taken first (the caller then opens the create dialog).
 * A seat lost to someone quicker, or a room that started meanwhile, moves on to the next room.
 */
export async function quickSeat(filter: RoomFilter, userId: number): Promise<string | null> {
  const page = await roomsApi.list({ ...filter, status: ['pending', 'ready'] }, 1);
  for (const room of page.items.filter((r) => isJoinable(r, userId)).slice(0, 3)) {
    try {
      await roomsApi.seat(String(room.id), {});
      return String(room.id);
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.code === 'room/already_seated') return String(room.id);
      // A refusal about this room (full, started, bet too high) tries the next; anything else is reported.
      if (failure.status === null || failure.status >= 500) throw error;
    }
  }
  return null;
}

import type { RoomPayload } from '@durak/protocol';
import { hasRoomInvite } from './room-invites.js';
import type { PresenceVisibility } from '../realtime/index.js';
import { seatsOfRoom } from '../room-core/room-store.js';
import type { Db, Store } from '../store/db.js';

/**
 * Who sits at a private room is for its players, invited friends and admins (FEATURES.md §17,
 * found by attacking: the lobby and `GET /api/v1/rooms/{id}` listed a private room's players to
 * anyone). Everyone else sees the seat count, not the names.
 */
export function withoutNames(room: RoomPayload): RoomPayload {
  return room.is_private ? { ...room, seats: [], host: null } : room;
}

/** The lobby channel speaks to everyone: a private room goes out without its players. */
export const lobbyView = withoutNames;

/** Who asks for a room: admins see every private room's players. */
export interface RoomViewer {
  readonly id: number;
  readonly isAdmin: boolean;
}

/** The room as this viewer may see it: a private room's players only for its players, invited friends and admins. */
export async function roomForViewer(db: Db, room: RoomPayload, viewer: RoomViewer): Promise<RoomPayload> {
  if (!room.is_private || viewer.isAdmin || room.seats.some((s) => s.user_id === viewer.id)) return room;
  return (await hasRoomInvite(db, room.id, viewer.id)) ? room : withoutNames(room);
}

/**
 * A room channel's presence, as a client asks for it, lists the room's players only: who watches
 * is nobody else's business (FEATURES.md §17). Other channels' presence is shown whole.
 */
export function roomPresenceVisibility(store: Store): PresenceVisibility {
  return async (channel, userIds) => {
    const roomId = /^room:(\d+)$/.exec(channel)?.[1];
    if (roomId === undefined) return new Set(userIds);
    const seated = new Set((await seatsOfRoom(store.db, Number(roomId))).map((s) => String(s.userId)));
    return new Set(userIds.filter((id) => seated.has(id)));
  };
}

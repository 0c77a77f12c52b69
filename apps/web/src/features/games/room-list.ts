import type { LobbyMessage, RoomPayload } from '@durak/protocol';

/** SPEC §4: pages are merged without duplicates; a later copy of a room replaces the earlier one in place. */
export function mergeRooms(pages: ReadonlyArray<readonly RoomPayload[]>): RoomPayload[] {
  const order: string[] = [];
  const byId = new Map<string, RoomPayload>();
  for (const page of pages) {
    for (const room of page) {
      const id = String(room.id);
      if (!byId.has(id)) order.push(id);
      byId.set(id, room);
    }
  }
  return order.map((id) => byId.get(id)!);
}

/** What the lobby channel has told us since the list was read: newer copies and removals. */
export interface LiveRooms {
  rooms: ReadonlyMap<string, RoomPayload>;
  /** Rooms created live, newest first, so they show on top. */
  created: readonly string[];
  removed: ReadonlySet<string>;
}

export const NO_LIVE_ROOMS: LiveRooms = { rooms: new Map(), created: [], removed: new Set() };

export function applyLobbyEvent(live: LiveRooms, event: LobbyMessage): LiveRooms {
  if (event.type === 'room_removed' || (event.type === 'room_changed' && event.room.status === 'FINISHED')) {
    const id = String(event.type === 'room_removed' ? event.room_id : event.room.id);
    const rooms = new Map(live.rooms);
    rooms.delete(id);
    return { rooms, created: live.created.filter((c) => c !== id), removed: new Set(live.removed).add(id) };
  }
  const id = String(event.room.id);
  const rooms = new Map(live.rooms).set(id, event.room);
  const removed = new Set(live.removed);
  removed.delete(id);
  const created = event.type === 'room_created' && !live.created.includes(id) ? [id, ...live.created] : live.created;
  return { rooms, created, removed };
}

/** The list as shown: live-created rooms on top, then the read pages, each at its newest copy. */
export function visibleRooms(read: readonly RoomPayload[], live: LiveRooms, isShown: (room: RoomPayload) => boolean): RoomPayload[] {
  const readIds = new Set(read.map((r) => String(r.id)));
  const fresh = live.created.filter((id) => !readIds.has(id)).map((id) => live.rooms.get(id)!);
  const merged = [...fresh, ...read.map((r) => live.rooms.get(String(r.id)) ?? r)];
  return merged.filter((room) => !live.removed.has(String(room.id)) && isShown(room));
}

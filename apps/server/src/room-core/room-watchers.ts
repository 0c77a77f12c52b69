import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { roomWatchers } from '../store/chat-schema.js';
import type { RoomRow } from './room-store.js';

/**
 * Notes that a user looked at a table while its game ran (the watch state, the room channel or
 * the chat, each through the watch rule): FEATURES.md §17 lets only its players and such watchers
 * report from it. One row per user and room; looking again changes nothing.
 */
export async function noteWatcher(db: Db | Tx, room: Pick<RoomRow, 'id' | 'status'>, userId: number, now: Date): Promise<void> {
  if (room.status !== 'in_progress') return;
  await db.insert(roomWatchers).values({ roomId: room.id, userId, seenAt: now }).onConflictDoNothing();
}

/** Whether the user watched the table while its game ran. */
export async function hasWatched(db: Db | Tx, roomId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: roomWatchers.userId })
    .from(roomWatchers)
    .where(and(eq(roomWatchers.roomId, roomId), eq(roomWatchers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

import type { AdminReport, ReportBody } from '@durak/protocol';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { failure, ok, type Result } from '../shared/result.js';
import { chatMessages, chatReports } from '../store/chat-schema.js';
import { users } from '../store/schema.js';
import type { Db } from '../store/db.js';
import { readRoom, seatsOfRoom } from '../room-core/room-store.js';
import { chatMessageOf } from './chat-service.js';

/** A report's messages: the table's chat, at most this many of the latest (a report is read, not archived). */
const messagesPerReport = 200;

/**
 * A player reports another at one table (FEATURES.md §11). The reported one must be at that table
 * (seated, or gone but having written in its chat); the caller may watch the room (the route
 * checks, as for the chat history). One report per reporter, reported and room: the unique key
 * decides, so two taps at once still make one.
 */
export async function reportPlayer(
  db: Db,
  reporterId: number,
  roomId: number,
  body: ReportBody,
  now: Date,
): Promise<Result<{ id: number }>> {
  const room = await readRoom(db, roomId);
  if (!room) return failure('room/not_found', `No room ${roomId}`);
  if (body.user_id === reporterId) return failure('report/own_user', 'You cannot report yourself', { field: 'user_id' });
  const isSeated = (await seatsOfRoom(db, roomId)).some((s) => s.userId === body.user_id);
  const hasWritten =
    isSeated ||
    (
      await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.userId, body.user_id)))
        .limit(1)
    ).length > 0;
  if (!hasWritten) return failure('report/not_at_table', 'That player is not at this table', { field: 'user_id' });
  const [row] = await db
    .insert(chatReports)
    .values({ roomId, reporterId, reportedId: body.user_id, reason: body.reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  if (!row) return failure('report/already_reported', 'You already reported this player at this table');
  return ok({ id: row.id });
}

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

/** The admins' list: newest first, each with the chat of its table. */
export async function listReports(db: Db, page: number, limit: number): Promise<{ items: AdminReport[]; total: number }> {
  const [totals] = await db.select({ total: count() }).from(chatReports);
  const rows = await db
    .select({
      id: chatReports.id,
      roomId: chatReports.roomId,
      reason: chatReports.reason,
      createdAt: chatReports.createdAt,
      reporterId: reporter.id,
      reporterName: reporter.username,
      reportedId: reported.id,
      reportedName: reported.username,
    })
    .from(chatReports)
    .innerJoin(reporter, eq(reporter.id, chatReports.reporterId))
    .innerJoin(reported, eq(reported.id, chatReports.reportedId))
    .orderBy(desc(chatReports.createdAt), desc(chatReports.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const roomIds = [...new Set(rows.map((r) => r.roomId))];
  const messages =
    roomIds.length === 0
      ? []
      : await db
          .select({
            roomId: chatMessages.roomId,
            id: chatMessages.id,
            userId: chatMessages.userId,
            username: users.username,
            phraseId: chatMessages.phraseId,
            text: chatMessages.text,
            createdAt: chatMessages.createdAt,
          })
          .from(chatMessages)
          .innerJoin(users, eq(users.id, chatMessages.userId))
          .where(inArray(chatMessages.roomId, roomIds))
          .orderBy(asc(chatMessages.id));
  const byRoom = new Map<number, AdminReport['messages']>();
  for (const message of messages) {
    const list = byRoom.get(message.roomId) ?? [];
    list.push(chatMessageOf(message));
    byRoom.set(message.roomId, list);
  }
  return {
    total: totals?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      room_id: r.roomId,
      reporter: { user_id: r.reporterId, username: r.reporterName },
      reported: { user_id: r.reportedId, username: r.reportedName },
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      messages: (byRoom.get(r.roomId) ?? []).slice(-messagesPerReport),
    })),
  };
}

import type { AdminReport, ReportBody, ReportResolved } from '@durak/protocol';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import { alias } from 'drizzle-orm/pg-core';
import { failure, ok, type Result } from '../shared/result.js';
import { chatMessages, chatReports } from '../store/chat-schema.js';
import { users } from '../store/schema.js';
import type { Db, Store } from '../store/db.js';
import { readRoom, seatsOfRoom, type RoomRow } from '../room-core/room-store.js';
import { hasWatched } from '../room-core/room-watchers.js';
import { chatMessageOf } from './chat-service.js';

/** A report's messages: the table's chat, at most this many of the latest (a report is read, not archived). */
const messagesPerReport = 200;

/** Reports one user may file per minute, over every table (FEATURES.md §17: 30 in 547 ms before). */
export const REPORTS_PER_MINUTE = 5;
/** How long after a table's game ended its players and watchers may still report from it. */
export const REPORT_WINDOW_MS = 24 * 60 * 60_000;

/** Takes one of a reporter's allowance; false when it is spent. */
export type ReportAllowance = (reporterId: number) => Promise<boolean>;

/** Whether the user sat at the table: seated now, or one of its game's players (who may have left). */
function satAt(room: RoomRow, seats: readonly { userId: number }[], userId: number): boolean {
  if (seats.some((s) => s.userId === userId)) return true;
  const players = (room.gameState as { players?: unknown } | null)?.players;
  return Array.isArray(players) && players.includes(String(userId));
}

/**
 * A player reports another at one table (FEATURES.md §11, §17). The reporter sat at that table
 * or watched it while its game ran, and reports within 24 h of its end, at most 5 a minute; the
 * reported one must be at that table (seated, or gone but having written in its chat). The caller
 * may watch the room (the route checks, as for the chat history). One report per reporter,
 * reported and room: the unique key decides, so two taps at once still make one.
 */
export async function reportPlayer(
  db: Db,
  reporterId: number,
  roomId: number,
  body: ReportBody,
  now: Date,
  allowance?: ReportAllowance,
): Promise<Result<{ id: number }>> {
  const room = await readRoom(db, roomId);
  if (!room) return failure('room/not_found', `No room ${roomId}`);
  if (body.user_id === reporterId) return failure('report/own_user', 'You cannot report yourself', { field: 'user_id' });
  const seats = await seatsOfRoom(db, roomId);
  if (!satAt(room, seats, reporterId) && !(await hasWatched(db, roomId, reporterId)))
    return failure('report/not_present', 'Only a player or a watcher of this game may report from it');
  if (room.finishedAt !== null && now.getTime() - room.finishedAt.getTime() > REPORT_WINDOW_MS)
    return failure('report/too_late', 'This game ended more than 24 hours ago');
  if (allowance && !(await allowance(reporterId)))
    return failure('request/rate_limited', `At most ${REPORTS_PER_MINUTE} reports a minute, slow down`);
  const isSeated = satAt(room, seats, body.user_id);
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
const resolver = alias(users, 'resolver');

/** The admins' list: newest first, each with the chat of its table; only open or resolved ones when asked. */
export async function listReports(
  db: Db,
  page: number,
  limit: number,
  status?: AdminReport['status'],
): Promise<{ items: AdminReport[]; total: number }> {
  const where = status === undefined ? undefined : status === 'open' ? isNull(chatReports.resolvedAt) : isNotNull(chatReports.resolvedAt);
  const [totals] = await db.select({ total: count() }).from(chatReports).where(where);
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
      resolvedAt: chatReports.resolvedAt,
      resolverId: resolver.id,
      resolverName: resolver.username,
    })
    .from(chatReports)
    .innerJoin(reporter, eq(reporter.id, chatReports.reporterId))
    .innerJoin(reported, eq(reported.id, chatReports.reportedId))
    .leftJoin(resolver, eq(resolver.id, chatReports.resolvedBy))
    .where(where)
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
      ...resolutionOf(r),
    })),
  };
}

type Resolution = Pick<AdminReport, 'status' | 'resolved_by' | 'resolved_at'>;

function resolutionOf(r: { resolvedAt: Date | null; resolverId: number | null; resolverName: string | null }): Resolution {
  if (r.resolvedAt === null) return { status: 'open', resolved_by: null, resolved_at: null };
  return {
    status: 'resolved',
    resolved_by: r.resolverId === null ? null : { user_id: r.resolverId, username: r.resolverName ?? '' },
    resolved_at: r.resolvedAt.toISOString(),
  };
}

/**
 * An admin resolves a report (FEATURES.md §17): by whom and when, with the audit line (its reason
 * from `X-Audit-Reason`) in the same transaction. Resolving a resolved report changes nothing and
 * answers how it stands.
 */
export async function resolveReport(store: Store, actor: AuditActor, id: number, now: Date): Promise<Result<ReportResolved>> {
  return store.withTransaction(async (tx): Promise<Result<ReportResolved>> => {
    const [row] = await tx
      .select({ id: chatReports.id, resolvedAt: chatReports.resolvedAt, resolvedBy: chatReports.resolvedBy })
      .from(chatReports)
      .where(eq(chatReports.id, id))
      .for('update');
    if (!row) return failure('report/not_found', `No report ${id}`, { id });
    if (row.resolvedAt === null) {
      await tx.update(chatReports).set({ resolvedAt: now, resolvedBy: actor.id }).where(eq(chatReports.id, id));
      const after = { status: 'resolved', resolved_by: actor.id, resolved_at: now.toISOString() };
      await appendAudit(tx, actor, { action: 'report.resolve', resource: `report:${id}`, before: { status: 'open' }, after }, now);
    }
    const [state] = await tx
      .select({ resolvedAt: chatReports.resolvedAt, resolverId: users.id, resolverName: users.username })
      .from(chatReports)
      .leftJoin(users, eq(users.id, chatReports.resolvedBy))
      .where(eq(chatReports.id, id));
    return ok({ id, ...resolutionOf(state!) });
  });
}

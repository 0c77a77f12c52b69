import type { BanRequest, BanState, Failure } from '@durak/protocol';
import { and, eq, inArray } from 'drizzle-orm';
import { isBannedAt, revokeSessions } from '../accounts/revocation.js';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import type { Db, Store } from '../store/db.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';

export type BanResult = { ok: true; ban: BanState } | { ok: false; error: Failure };

const userNotFound = (id: number): Failure<'user/not_found'> => ({ code: 'user/not_found', message: `No user ${id}`, details: { id } });

/**
 * Bans a user (FEATURES.md §8): the ban, the raised token version, the revoked refresh tokens and
 * the audit line in one transaction, so every token of the user dies with the commit. The caller
 * then closes their connections and frees their seats in waiting rooms (`waitingRoomsOf`); their
 * running games go on and their turns time out like any absent player's.
 */
export async function banUser(store: Store, actor: AuditActor, userId: number, request: BanRequest, now: Date): Promise<BanResult> {
  const until = request.until === undefined ? null : new Date(request.until);
  if (until !== null && until.getTime() <= now.getTime()) {
    return { ok: false, error: { code: 'request/invalid', message: 'until: must lie in the future', details: { field: 'until' } } };
  }
  if (actor.id === userId) return { ok: false, error: { code: 'admin/own_ban', message: 'An admin cannot ban themselves', details: { id: userId } } };
  return store.withTransaction(async (tx): Promise<BanResult> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { ok: false, error: userNotFound(userId) };
    await tx.update(users).set({ bannedAt: now, bannedUntil: until, banReason: request.reason }).where(eq(users.id, userId));
    await revokeSessions(tx, userId, { refreshTokens: true }, now);
    const ban: BanState = { id: userId, is_banned: true, banned_until: until?.toISOString() ?? null, ban_reason: request.reason };
    await appendAudit(tx, { ...actor, reason: request.reason }, { action: 'user.ban', resource: `user:${userId}`, before: stateOf(user, now), after: ban }, now);
    return { ok: true, ban };
  });
}

/** Lifts a ban (idempotent: lifting none answers the same state), audited. Tokens stay revoked: the user signs in again. */
export async function unbanUser(store: Store, actor: AuditActor, userId: number, now: Date): Promise<BanResult> {
  return store.withTransaction(async (tx): Promise<BanResult> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { ok: false, error: userNotFound(userId) };
    await tx.update(users).set({ bannedAt: null, bannedUntil: null, banReason: null }).where(eq(users.id, userId));
    const ban: BanState = { id: userId, is_banned: false, banned_until: null, ban_reason: null };
    await appendAudit(tx, actor, { action: 'user.unban', resource: `user:${userId}`, before: stateOf(user, now), after: ban }, now);
    return { ok: true, ban };
  });
}

function stateOf(user: typeof users.$inferSelect, now: Date): BanState {
  const isBanned = isBannedAt(user, now);
  return { id: user.id, is_banned: isBanned, banned_until: isBanned ? (user.bannedUntil?.toISOString() ?? null) : null, ban_reason: isBanned ? user.banReason : null };
}

/** Rooms not yet started where the user holds a seat. */
export async function waitingRoomsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: rooms.id })
    .from(roomSeats)
    .innerJoin(rooms, eq(rooms.id, roomSeats.roomId))
    .where(and(eq(roomSeats.userId, userId), inArray(rooms.status, ['pending', 'ready'])));
  return rows.map((r) => r.id);
}

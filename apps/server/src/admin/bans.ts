import type { BanRequest, BanState } from '@durak/protocol';
import { and, eq, inArray } from 'drizzle-orm';
import { isBannedAt, revokeSessions } from '../accounts/revocation.js';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Db, Store } from '../store/db.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';

const userNotFound = (id: number) => failure('user/not_found', `No user ${id}`, { id });

/**
 * Bans a user (FEATURES.md §8): the ban, the raised token version, the revoked refresh tokens and
 * the audit line in one transaction, so every token of the user dies with the commit. The caller
 * then closes their connections and frees their seats in waiting rooms (`waitingRoomsOf`); their
 * running games go on and their turns time out like any absent player's.
 */
export async function banUser(store: Store, actor: AuditActor, userId: number, request: BanRequest, now: Date): Promise<Result<BanState>> {
  const until = request.until === undefined ? null : new Date(request.until);
  if (until !== null && until.getTime() <= now.getTime()) {
    return failure('request/invalid', 'until: must lie in the future', { field: 'until' });
  }
  if (actor.id === userId) return failure('admin/own_ban', 'An admin cannot ban themselves', { id: userId });
  return store.withTransaction(async (tx): Promise<Result<BanState>> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return userNotFound(userId);
    await tx.update(users).set({ bannedAt: now, bannedUntil: until, banReason: request.reason }).where(eq(users.id, userId));
    await revokeSessions(tx, userId, { refreshTokens: true }, now);
    const ban: BanState = { id: userId, is_banned: true, banned_until: until?.toISOString() ?? null, ban_reason: request.reason };
    await appendAudit(
      tx,
      { ...actor, reason: request.reason },
      { action: 'user.ban', resource: `user:${userId}`, before: stateOf(user, now), after: ban },
      now,
    );
    return ok(ban);
  });
}

/** Lifts a ban (idempotent: lifting none answers the same state), audited. Tokens stay revoked: the user signs in again. */
export async function unbanUser(store: Store, actor: AuditActor, userId: number, now: Date): Promise<Result<BanState>> {
  return store.withTransaction(async (tx): Promise<Result<BanState>> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return userNotFound(userId);
    await tx.update(users).set({ bannedAt: null, bannedUntil: null, banReason: null }).where(eq(users.id, userId));
    const ban: BanState = { id: userId, is_banned: false, banned_until: null, ban_reason: null };
    await appendAudit(tx, actor, { action: 'user.unban', resource: `user:${userId}`, before: stateOf(user, now), after: ban }, now);
    return ok(ban);
  });
}

function stateOf(user: typeof users.$inferSelect, now: Date): BanState {
  const isBanned = isBannedAt(user, now);
  return {
    id: user.id,
    is_banned: isBanned,
    banned_until: isBanned ? (user.bannedUntil?.toISOString() ?? null) : null,
    ban_reason: isBanned ? user.banReason : null,
  };
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

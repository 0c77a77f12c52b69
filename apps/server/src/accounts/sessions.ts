import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../store/db.js';
import { refreshTokens } from '../store/schema.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a refresh token: random, stored only as its sha256, in a family (one sign-in). `now` is
 * the service's clock (DESIGN.md §8), so tests run expiry forward instead of waiting 30 days.
 */
export async function issueRefreshToken(
  tx: Tx,
  userId: number,
  lifetimeDays: number,
  now: Date,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + lifetimeDays * 86_400_000),
  });
  return token;
}

/** A refused rotation of a token already rotated names its family: a reuse, which the caller revokes. */
export type RotateResult = { ok: true; userId: number; refreshToken: string } | { ok: false; reusedFamilyId?: string };

/**
 * Exchanges a refresh token for a new one in the same family. Presenting a token that was already
 * rotated means it leaked (or a client raced itself): the whole family is revoked (DESIGN.md §11).
 */
export async function rotateRefreshToken(tx: Tx, token: string, lifetimeDays: number, now: Date): Promise<RotateResult> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .for('update');
  if (!row || row.revokedAt) return { ok: false };
  if (row.rotatedAt) return { ok: false, reusedFamilyId: row.familyId };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false };
  await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
  const refreshToken = await issueRefreshToken(tx, row.userId, lifetimeDays, now, row.familyId);
  return { ok: true, userId: row.userId, refreshToken };
}

/** Logout: the token's whole family stops working. Unknown tokens are ignored (logout is idempotent). */
export async function revokeRefreshToken(tx: Tx, token: string): Promise<void> {
  const [row] = await tx
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) await revokeFamily(tx, row.familyId);
}

export async function revokeFamily(tx: Tx, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Whose refresh token this is (undefined: unknown), read without a lock, to lock the user's row first. */
export async function refreshTokenOwner(tx: Tx, token: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.userId;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedDbRows, type Db, type Tx } from '../store/db.js';
import { refreshTokens, users } from '../store/schema.js';

/**
 * Ends every session of a user (FEATURES.md §8), in the caller's transaction: access tokens die on
 * their next use (their `tv` is now below `token_version`) and, unless the user keeps a session
 * (a role change keeps the refresh tokens, so the player's next refresh carries the new roles),
 * every refresh token is revoked. The caller closes the user's realtime connections after commit.
 */
export async function revokeSessions(tx: Tx, userId: number, options: { readonly refreshTokens: boolean }, now: Date): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  if (options.refreshTokens) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
  return row?.tokenVersion ?? 0;
}

/**
 * The user's token version; undefined when there is no such user (a token for nobody is refused).
 * Every request reads it, so it is a prepared statement of fixed text, not a built query.
 */
export async function tokenVersionOf(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await preparedDbRows(db, 'durak_token_version', 'select token_version from users where id = $1', [userId]);
  return row === undefined ? undefined : (row[0] as number);
}

export interface BanColumns {
  readonly bannedAt: Date | null;
  readonly bannedUntil: Date | null;
}

/** Whether a ban holds at `now`: set, and either without an end or not yet over. */
export function isBannedAt(user: BanColumns, now: Date): boolean {
  return user.bannedAt !== null && (user.bannedUntil === null || user.bannedUntil.getTime() > now.getTime());
}

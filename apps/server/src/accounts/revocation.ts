import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedDbRows, type Db, type Tx } from '../store/db.js';
import { refreshTokens, users } from '../store/schema.js';
import type { TokenVersionOf } from './tokens.js';

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

interface Waiter {
  readonly resolve: (version: number | undefined) => void;
  readonly reject: (error: unknown) => void;
}

const tokenVersionsSql = 'select id, token_version from users where id = any($1::bigint[])';

/**
 * The token check every request makes, still read from the database each time (docs/decisions.md),
 * but the ids asked for in one turn of the event loop are read together, in one prepared statement
 * of fixed text on the next turn (`setImmediate`, after every promise of this turn has run): under
 * load the requests of a turn share one statement instead of a statement each.
 */
export function createTokenVersionReader(db: Db): TokenVersionOf {
  let waiting: Map<number, Waiter[]> | null = null;
  async function readBatch(batch: Map<number, Waiter[]>): Promise<void> {
    try {
      const rows = await preparedDbRows(db, 'durak_token_versions', tokenVersionsSql, [[...batch.keys()]]);
      const versions = new Map(rows.map((row) => [Number(row[0]), row[1] as number]));
      for (const [userId, callers] of batch) for (const caller of callers) caller.resolve(versions.get(userId));
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  }
  return (userId) =>
    new Promise((resolve, reject) => {
      if (waiting === null) {
        const batch = new Map<number, Waiter[]>();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          void readBatch(batch);
        });
      }
      const callers = waiting.get(userId);
      if (callers === undefined) waiting.set(userId, [{ resolve, reject }]);
      else callers.push({ resolve, reject });
    });
}

export interface BanColumns {
  readonly bannedAt: Date | null;
  readonly bannedUntil: Date | null;
}

/** Whether a ban holds at `now`: set, and either without an end or not yet over. */
export function isBannedAt(user: BanColumns, now: Date): boolean {
  return user.bannedAt !== null && (user.bannedUntil === null || user.bannedUntil.getTime() > now.getTime());
}

import { USER_SEARCH_LIMIT, type UserSearchLine } from '@durak/protocol';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { usernameSkeleton } from '../accounts/username-skeleton.js';
import type { RateWindows } from '../limits/index.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Store } from '../store/db.js';
import { users } from '../store/schema.js';

/** Searches one player may run per minute: each is a prefix scan over every name. */
export const SEARCHES_PER_MINUTE = 30;

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Players whose name starts with `text` (FEATURES.md §17), by the usernames' confusable skeleton
 * (so `аnn` with a Cyrillic а finds `ann`) or plainly in any letter case; never the caller or a
 * computer player; at most 20, by name. Online is whether they hold a realtime connection.
 */
export async function searchUsers(
  options: { store: Store; windows?: RateWindows | undefined; isOnline: (userId: number) => Promise<boolean> },
  callerId: number,
  text: string,
): Promise<Result<{ items: UserSearchLine[] }>> {
  if (options.windows && !(await options.windows.take(`user-search:${callerId}`, SEARCHES_PER_MINUTE, 60_000)))
    return failure('request/rate_limited', 'Too many searches: try again in a minute');
  const rows = await options.store.db
    .select({ user_id: users.id, username: users.username, avatar: users.avatarUrl })
    .from(users)
    .where(
      and(
        eq(users.isBot, false),
        ne(users.id, callerId),
        or(
          sql`${users.usernameSkeleton} like ${likePrefix(usernameSkeleton(text))}`,
          sql`lower(${users.username}) like ${likePrefix(text.toLowerCase())}`,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(USER_SEARCH_LIMIT);
  const items = await Promise.all(rows.map(async (row) => ({ ...row, is_online: await options.isOnline(row.user_id) })));
  return ok({ items });
}

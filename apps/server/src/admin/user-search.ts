import type { AdminUserFound, Role } from '@durak/protocol';
import { sql, type SQL } from 'drizzle-orm';
import { usernameSkeleton } from '../accounts/username-skeleton.js';
import { queryRows, type Db } from '../store/db.js';

/** LIKE's own characters in what an operator typed are letters to find, not wildcards. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The operator's user search (FEATURES.md §9): a username prefix with letter case and look-alike
 * letters ignored, or,
 * when the text is a number, also the user with that id or that Telegram id. `country` narrows
 * to one country (`none`: users without one), which is how the home page's country rows open.
 */
export async function searchUsers(
  db: Db,
  query: { search?: string | undefined; country?: string | undefined; page: number; limit: number },
): Promise<{ items: AdminUserFound[]; total: number }> {
  const conditions: SQL[] = [sql`not u.is_bot`];
  const text = query.search?.trim();
  if (text) {
    // Letter case and look-alikes (UTS #39 skeleton: Cyrillic "а" finds Latin "a") both fold; a user
    // whose skeleton was not filled yet is still found by letter case alone.
    const byName = sql`(lower(u.username) like ${likePrefix(text.toLowerCase())} or u.username_skeleton like ${likePrefix(usernameSkeleton(text))})`;
    conditions.push(/^\d{1,18}$/.test(text) ? sql`(${byName} or u.id = ${text}::bigint or u.telegram_id = ${text}::bigint)` : byName);
  }
  if (query.country === 'none') conditions.push(sql`u.country is null`);
  else if (query.country) conditions.push(sql`u.country = ${query.country}`);
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<{
    id: string | number;
    username: string;
    country: string | null;
    telegram_id: string | null;
    roles: Role[];
    created_at: Date | string;
  }>(
    db,
    sql`select u.id, u.username, u.country, u.telegram_id::text as telegram_id, u.created_at,
          coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles
        from users u where ${where}
        order by lower(u.username), u.id limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u where ${where}`);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      username: r.username,
      country: r.country,
      telegram_id: r.telegram_id,
      roles: r.roles,
      created_at: new Date(r.created_at).toISOString(),
    })),
    total: count?.n ?? 0,
  };
}

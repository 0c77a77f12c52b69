import { asc } from 'drizzle-orm';
import type { Db } from '../store/db.js';
import { emoji } from '../store/schema.js';

/** One page of the emoji catalogue in id order, and whether another follows. */
export async function listEmoji(
  db: Db,
  page = 1,
  limit = 50,
): Promise<{ items: { id: number; name: string; is_throwable: boolean }[]; hasNext: boolean }> {
  const rows = await db
    .select()
    .from(emoji)
    .orderBy(asc(emoji.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return {
    items: rows.slice(0, limit).map((r) => ({ id: r.id, name: r.name, is_throwable: r.isThrowable })),
    hasNext: rows.length > limit,
  };
}

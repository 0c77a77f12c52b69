import { asc } from 'drizzle-orm';
import type { Db } from '../store/db.js';
import { emoji } from '../store/schema.js';

export async function listEmoji(db: Db): Promise<{ id: number; name: string; is_throwable: boolean }[]> {
  const rows = await db.select().from(emoji).orderBy(asc(emoji.id));
  return rows.map((r) => ({ id: r.id, name: r.name, is_throwable: r.isThrowable }));
}

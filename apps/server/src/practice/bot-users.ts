import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../store/db.js';
import { users } from '../store/schema.js';

/**
 * The pool of computer players: five system users, flagged `is_bot`, without a password or a
 * Telegram id (so nobody can sign in as one), created on first use. One pool serves every
 * practice room at once: a room seats each of its bots once, and a bot's seat in one room knows
 * nothing of its seats elsewhere. Never rated (practice games are not recorded).
 */
export const BOT_NAMES = ['Bot Anna', 'Bot Boris', 'Bot Vera', 'Bot Gleb', 'Bot Dina'] as const;

/** The first `count` bot users' ids, creating the missing ones. */
export async function botUserIds(tx: Tx, count: number): Promise<number[]> {
  const existing = () => tx.select({ id: users.id }).from(users).where(eq(users.isBot, true)).orderBy(asc(users.id)).limit(count);
  let found = await existing();
  for (let i = found.length; i < count; i++) {
    const name = BOT_NAMES[i] ?? `Bot ${i + 1}`;
    const created = await tx.insert(users).values({ username: name, isBot: true }).onConflictDoNothing().returning({ id: users.id });
    // A person took the name first (or another node created this bot meanwhile: then the extra
    // one is harmless): the bot gets a suffix nobody is likely to hold.
    if (created.length === 0)
      await tx
        .insert(users)
        .values({ username: `${name} ${randomBytes(3).toString('hex')}`, isBot: true })
        .onConflictDoNothing();
  }
  if (found.length < count) found = await existing();
  if (found.length < count) throw new Error(`only ${found.length} of ${count} bot users could be created`);
  return found.map((row) => row.id);
}

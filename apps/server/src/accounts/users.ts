import type { Role } from '@durak/protocol';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../store/db.js';
import { userRoles, users } from '../store/schema.js';
import { openWallets } from '../wallets/wallets.js';
import { usernameSkeleton } from './username-skeleton.js';

export interface NewUser {
  readonly username: string;
  readonly passwordHash?: string | null;
  readonly telegramId?: bigint | null;
  readonly avatarUrl?: string | null;
  readonly country?: string | null;
  readonly language?: string | null;
  readonly parentId?: number | null;
  readonly roles?: readonly Role[];
}

/**
 * Inserts a user with empty wallets and roles (default: player). Undefined when the username (in
 * any letter case) or the Telegram id is already taken — the unique indexes decide, not a read.
 */
export async function insertUser(tx: Tx, user: NewUser): Promise<number | undefined> {
  const [row] = await tx
    .insert(users)
    .values({
      username: user.username,
      // One unique index with the lower(username) one: a look-alike of a taken name is taken.
      usernameSkeleton: usernameSkeleton(user.username),
      passwordHash: user.passwordHash ?? null,
      telegramId: user.telegramId ?? null,
      avatarUrl: user.avatarUrl ?? null,
      country: user.country ?? null,
      language: user.language ?? null,
      parentId: user.parentId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) return undefined;
  await tx
    .insert(userRoles)
    .values((user.roles ?? ['player']).map((role) => ({ userId: row.id, role })))
    .onConflictDoNothing();
  await openWallets(tx, row.id);
  return row.id;
}

export async function rolesOf(db: Db | Tx, userId: number): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role));
  return rows.map((r) => r.role as Role);
}

/**
 * Whether `parentId` may become the referrer of `childId` (undefined: a user not created yet).
 * The parent must exist and be neither the child nor one of the child's descendants — a referral
 * tree never has a cycle.
 */
export async function canAdoptParent(db: Db | Tx, childId: number | undefined, parentId: number): Promise<boolean> {
  if (childId === parentId) return false;
  const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.id, parentId));
  if (!parent) return false;
  if (childId === undefined) return true;
  const ancestors = await queryRows<{ id: string | number }>(
    db,
    sql`with recursive up(id) as (
          select parent_id from users where id = ${parentId}
          union select u.parent_id from users u join up on u.id = up.id where u.parent_id is not null)
        select id from up where id is not null`,
  );
  return !ancestors.some((a) => Number(a.id) === childId);
}

import type { AdminPromoCode, PromoCodeUse, WalletType } from '@durak/protocol';
import { desc, eq, sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Db, Store, Tx } from '../store/db.js';
import { promoCodes, promoCodeUses } from '../store/economy-schema.js';
import { users } from '../store/schema.js';

/** What an admin types to make a code (FEATURES.md §2, the form of POST /api/admin/promocodes). */
export interface NewPromoCode {
  readonly code: string;
  readonly amount: bigint;
  readonly walletType: WalletType;
  readonly maxUses: number;
  readonly expiresAt: Date | null;
}

const notFound = (id: number) => failure('promo/not_found', `No promo code ${id}`, { id });

async function promoOf(db: Db | Tx, id: number): Promise<AdminPromoCode | undefined> {
  const [row] = await db
    .select({ p: promoCodes, username: users.username })
    .from(promoCodes)
    .leftJoin(users, eq(users.id, promoCodes.createdBy))
    .where(eq(promoCodes.id, id));
  return row ? adminPromoAnswer(row.p, row.username) : undefined;
}

function adminPromoAnswer(row: typeof promoCodes.$inferSelect, creator: string | null): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    amount: row.amount.toString(),
    wallet_type: row.walletType as WalletType,
    max_uses: row.maxUses,
    used_count: row.usedCount,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    is_active: row.isActive,
    created_by: row.createdBy === null || creator === null ? null : { id: row.createdBy, username: creator },
  };
}

/** Creates a code and its audit line together; a code that differs only in letter case is taken. */
export async function createPromoCode(store: Store, actor: AuditActor, input: NewPromoCode, now: Date): Promise<Result<AdminPromoCode>> {
  return store.withTransaction(async (tx): Promise<Result<AdminPromoCode>> => {
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: input.code,
        amount: input.amount,
        walletType: input.walletType,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      return failure('promo/code_taken', 'code: a promo code with this text exists (letter case ignored)', {
        field: 'code',
        code: input.code,
      });
    const created = (await promoOf(tx, row.id))!;
    await appendAudit(tx, actor, { action: 'promocode.create', resource: `promocode:${row.id}`, before: null, after: created }, now);
    return ok(created);
  });
}

/** Switches a code off (a redemption then answers promo/expired) or back on, with its audit line. */
export async function setPromoCodeActive(
  store: Store,
  actor: AuditActor,
  id: number,
  isActive: boolean,
  now: Date,
): Promise<Result<AdminPromoCode>> {
  return store.withTransaction(async (tx): Promise<Result<AdminPromoCode>> => {
    const [locked] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!locked) return notFound(id);
    const before = (await promoOf(tx, id))!;
    await tx.update(promoCodes).set({ isActive }).where(eq(promoCodes.id, id));
    const after = (await promoOf(tx, id))!;
    await appendAudit(
      tx,
      actor,
      { action: isActive ? 'promocode.enable' : 'promocode.disable', resource: `promocode:${id}`, before, after },
      now,
    );
    return ok(after);
  });
}

/** Every code, newest first, with its creator, a page at a time. */
export async function listPromoCodes(db: Db, page: number, limit: number): Promise<{ items: AdminPromoCode[]; total: number }> {
  const rows = await db
    .select({ p: promoCodes, username: users.username })
    .from(promoCodes)
    .leftJoin(users, eq(users.id, promoCodes.createdBy))
    .orderBy(desc(promoCodes.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(promoCodes);
  return { items: rows.map((r) => adminPromoAnswer(r.p, r.username)), total: count?.n ?? 0 };
}

/** Who used a code and when, newest first, with the total for the pager. */
export async function promoCodeUsesOf(
  db: Db,
  id: number,
  page: number,
  limit: number,
): Promise<Result<{ items: PromoCodeUse[]; total: number }>> {
  const [promo] = await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, id));
  if (!promo) return notFound(id);
  const rows = await db
    .select({ userId: promoCodeUses.userId, username: users.username, usedAt: promoCodeUses.usedAt })
    .from(promoCodeUses)
    .innerJoin(users, eq(users.id, promoCodeUses.userId))
    .where(eq(promoCodeUses.promoCodeId, id))
    .orderBy(desc(promoCodeUses.usedAt), desc(promoCodeUses.userId))
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promoCodeUses)
    .where(eq(promoCodeUses.promoCodeId, id));
  return ok({
    items: rows.map((r) => ({ user_id: r.userId, username: r.username, used_at: r.usedAt.toISOString() })),
    total: count?.n ?? 0,
  });
}

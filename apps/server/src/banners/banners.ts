import { captionLanguages, type Banner, type BannerCaptions, type Failure } from '@durak/protocol';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Db, Store, Tx } from '../store/db.js';
import { banners } from '../store/admin-schema.js';

type BannerRow = typeof banners.$inferSelect;

export interface BannerValues {
  readonly name: string;
  readonly description: string;
  readonly captions: BannerCaptions;
  readonly startDate: Date;
  readonly endDate: Date;
  readonly imageUrl: string;
  readonly width: number;
  readonly height: number;
}

const notFound = (id: number): Failure<'banner/not_found'> => ({ code: 'banner/not_found', message: `No banner ${id}`, details: { id } });
const badInterval: Failure<'request/invalid'> = {
  code: 'request/invalid',
  message: 'end_date: must be after start_date',
  details: { field: 'end_date', in: 'body' },
};

/** A language dropped from the list later is left out of the answer, not sent to the web. */
function knownCaptions(stored: Partial<Record<string, string>>): BannerCaptions {
  const known: Partial<Record<string, string>> = {};
  for (const lang of captionLanguages) if (typeof stored[lang] === 'string') known[lang] = stored[lang];
  return known;
}

export function bannerView(row: BannerRow): Banner {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    captions: knownCaptions(row.captions),
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    image: row.imageUrl,
    width: row.width,
    height: row.height,
    position: row.position,
  };
}

/** What players see: banners whose interval holds `now` (start inclusive, end exclusive), in order. */
export async function activeBanners(db: Db, now: Date): Promise<Banner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(lte(banners.startDate, now), gt(banners.endDate, now)))
    .orderBy(asc(banners.position), asc(banners.id));
  return rows.map(bannerView);
}

export async function allBanners(db: Db): Promise<Banner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  return rows.map(bannerView);
}

export async function findBanner(db: Db | Tx, id: number): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row;
}

/** Creates a banner at the end of the order, with its audit line. */
export async function createBanner(store: Store, actor: AuditActor, values: BannerValues, now: Date): Promise<Result<Banner>> {
  if (values.startDate >= values.endDate) return { ok: false, error: badInterval };
  return store.withTransaction(async (tx) => {
    // Serialises creations and reorders, so two new banners never take the same place.
    await tx.execute(sql`lock table banners in share row exclusive mode`);
    const [row] = await tx
      .insert(banners)
      .values({ ...values, position: sql`coalesce((select max(position) from banners), 0) + 1`, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('banner insert returned nothing');
    const banner = bannerView(row);
    await appendAudit(tx, actor, { action: 'banner.create', resource: `banner:${row.id}`, before: null, after: banner }, now);
    return ok(banner);
  });
}

export type BannerChange = Partial<BannerValues>;

/**
 * Changes only the given fields; the resulting interval must still be start < end. Answers the
 * replaced image URL (when the image changed) so the caller removes that file after the commit.
 */
export async function updateBanner(
  store: Store,
  actor: AuditActor,
  id: number,
  change: BannerChange,
  now: Date,
): Promise<Result<{ banner: Banner; replacedImage: string | null }>> {
  return store.withTransaction(async (tx): Promise<Result<{ banner: Banner; replacedImage: string | null }>> => {
    const [old] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!old) return { ok: false, error: notFound(id) };
    const startDate = change.startDate ?? old.startDate;
    const endDate = change.endDate ?? old.endDate;
    if (startDate >= endDate)
      return {
        ok: false,
        error: change.endDate
          ? badInterval
          : { ...badInterval, message: 'start_date: must be before end_date', details: { field: 'start_date', in: 'body' } },
      };
    const [row] = await tx
      .update(banners)
      .set({ ...change, updatedAt: now })
      .where(eq(banners.id, id))
      .returning();
    if (!row) throw new Error('banner update returned nothing');
    const banner = bannerView(row);
    await appendAudit(tx, actor, { action: 'banner.update', resource: `banner:${id}`, before: bannerView(old), after: banner }, now);
    return ok({ banner, replacedImage: change.imageUrl && change.imageUrl !== old.imageUrl ? old.imageUrl : null });
  });
}

export async function deleteBanner(store: Store, actor: AuditActor, id: number, now: Date): Promise<Result<{ imageUrl: string }>> {
  return store.withTransaction(async (tx): Promise<Result<{ imageUrl: string }>> => {
    const [old] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!old) return { ok: false, error: notFound(id) };
    await appendAudit(tx, actor, { action: 'banner.delete', resource: `banner:${id}`, before: bannerView(old), after: null }, now);
    return ok({ imageUrl: old.imageUrl });
  });
}

/**
 * Sets the whole order in one transaction: `ids` must name every banner exactly once, so a
 * client working from a stale list (a banner added or deleted meanwhile) is refused, not half-applied.
 */
export async function reorderBanners(store: Store, actor: AuditActor, ids: readonly number[], now: Date): Promise<Result<Banner[]>> {
  return store.withTransaction(async (tx): Promise<Result<Banner[]>> => {
    await tx.execute(sql`lock table banners in share row exclusive mode`);
    const current = await tx.select({ id: banners.id }).from(banners).orderBy(asc(banners.position), asc(banners.id));
    const known = new Set(current.map((r) => r.id));
    const isFullOrder = ids.length === known.size && ids.every((id) => known.has(id));
    if (!isFullOrder) {
      return failure('request/invalid', 'ids: must list every banner exactly once', {
        field: 'ids',
        in: 'body',
        expected: [...known].sort((a, b) => a - b),
      });
    }
    if (ids.length > 0) {
      await tx.execute(sql`
        update banners set position = o.position, updated_at = ${now.toISOString()}::timestamptz
        from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as o(id, position)
        where banners.id = o.id`);
    }
    await appendAudit(tx, actor, { action: 'banner.reorder', resource: 'banner:*', before: current.map((r) => r.id), after: ids }, now);
    const rows = await tx.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
    return ok(rows.map(bannerView));
  });
}

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { auditLog } from '../store/admin-schema.js';
import { users } from '../store/schema.js';

/** Who did it and from where: the signed-in admin (or agent) and the request's client address. */
export interface AuditActor {
  readonly id: number;
  readonly ip: string;
  /** Why, as the admin typed it in the confirm dialog (optional on the wire, kept when given). */
  readonly reason?: string | null;
}

export interface AuditRecord {
  /** `area.verb`: `banner.create`, `user.adjust`, `promocode.create`, `tournament.delete`, ... */
  readonly action: string;
  /** `kind:id` of what changed: `banner:12`, `user:7`. */
  readonly resource: string;
  /** The resource as it was (null when created) and as it is (null when deleted). */
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * Appends one audit line inside the caller's transaction, so the write and its record commit or
 * roll back together: no admin change without its line, no line for a change that did not happen.
 * Every admin write (banners, roles and commission, adjustments, promo codes, tournaments, bans)
 * calls this one helper; `admin-audit.test.ts` performs each kind and finds its line.
 */
export async function appendAudit(tx: Tx, actor: AuditActor, record: AuditRecord, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    action: record.action,
    resource: record.resource,
    before: toJson(record.before),
    after: toJson(record.after),
    at,
    ip: actor.ip,
    reason: actor.reason ?? null,
  });
}

/** Bigints (chips) become decimal strings, dates ISO strings: JSONB holds neither as such. */
function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

export interface AuditLine {
  id: number;
  actor: { id: number; username: string };
  action: string;
  resource: string;
  before: unknown;
  after: unknown;
  at: string;
  ip: string;
  reason: string | null;
}

/** What the audit page filters by (FEATURES.md §9); see `auditQuery` in the protocol for the forms. */
export interface AuditFilter {
  readonly actor?: string | undefined;
  readonly action?: string | undefined;
  readonly resource?: string | undefined;
}

function filterOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) {
    conditions.push(
      /^\d{1,18}$/.test(filter.actor) ? eq(auditLog.actorId, Number(filter.actor)) : sql`lower(${users.username}) = lower(${filter.actor})`,
    );
  }
  // An area (`tournament`) finds its every action; `tournament.pin` only itself.
  if (filter.action)
    conditions.push(
      filter.action.includes('.') ? eq(auditLog.action, filter.action) : sql`${auditLog.action} like ${`${filter.action}.%`}`,
    );
  // A kind (`promocode`) finds each of its resources; `promocode:7` only that one.
  if (filter.resource)
    conditions.push(
      filter.resource.includes(':') ? eq(auditLog.resource, filter.resource) : sql`${auditLog.resource} like ${`${filter.resource}:%`}`,
    );
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The newest lines first, a page at a time, with the total for the pager. */
export async function listAudit(
  db: Db,
  page: number,
  limit: number,
  filter: AuditFilter = {},
): Promise<{ items: AuditLine[]; total: number }> {
  const where = filterOf(filter);
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      username: users.username,
      action: auditLog.action,
      resource: auditLog.resource,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
      ip: auditLog.ip,
      reason: auditLog.reason,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actor: { id: r.actorId, username: r.username },
      action: r.action,
      resource: r.resource,
      before: r.before,
      after: r.after,
      at: r.at.toISOString(),
      ip: r.ip,
      reason: r.reason,
    })),
    total: count?.n ?? 0,
  };
}

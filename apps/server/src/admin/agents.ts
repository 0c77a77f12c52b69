import type { AgentFigures, Role } from '@durak/protocol';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../store/db.js';

const isAgent = (alias: string) => sql.raw(`exists (select 1 from user_roles r where r.user_id = ${alias}.id and r.role = 'agent')`);
const bigintArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** Whose part of the tree a caller may read: an admin all of it, an agent itself and its downline. */
export type TreeScope = { readonly kind: 'all' } | { readonly kind: 'downline'; readonly agentId: number };

export function scopeOf(caller: { id: number; roles: readonly Role[] }, hasAdminRead: boolean): TreeScope {
  return hasAdminRead ? { kind: 'all' } : { kind: 'downline', agentId: caller.id };
}

/** Whether `userId` is inside the scope (the agent itself or anyone below it). */
export async function isInScope(db: Db, scope: TreeScope, userId: number): Promise<boolean> {
  if (scope.kind === 'all' || scope.agentId === userId) return true;
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`select id from users where id = ${userId} and ancestors @> ${bigintArray([scope.agentId])}::bigint[]`,
  );
  return rows.length > 0;
}

const sortColumns = {
  id: sql`u.id`,
  username: sql`lower(u.username)`,
  commission_bps: sql`u.commission_bps`,
  children_count: sql`children_count`,
} as const;

export interface AgentListQuery {
  readonly page: number;
  readonly limit: number;
  readonly sort: keyof typeof sortColumns;
  readonly order: 'asc' | 'desc';
  readonly search?: string | undefined;
}

/** Agents in scope, searched by a part of the username, sorted and paged on the server. */
export async function listAgents(db: Db, scope: TreeScope, query: AgentListQuery) {
  const where: SQL[] = [isAgent('u')];
  if (scope.kind === 'downline') where.push(sql`(u.id = ${scope.agentId} or u.ancestors @> ${bigintArray([scope.agentId])}::bigint[])`);
  if (query.search) where.push(sql`u.username ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const condition = sql.join(where, sql` and `);
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await queryRows<{
    id: string | number;
    username: string;
    parent_id: string | number | null;
    commission_bps: number;
    children_count: number;
  }>(
    db,
    sql`select u.id, u.username, u.parent_id, u.commission_bps,
          (select count(*)::int from users c where c.parent_id = u.id) as children_count
        from users u where ${condition}
        order by ${sortColumns[query.sort]} ${direction}, u.id ${direction}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u where ${condition}`);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      username: r.username,
      parent_id: r.parent_id === null ? null : Number(r.parent_id),
      commission_bps: r.commission_bps,
      children_count: r.children_count,
    })),
    total: count?.n ?? 0,
  };
}

/**
 * Commission as whole chips: the accrued chip x basis points, floored once over the whole total
 * (never per game or per day), so a fraction is carried until it makes a chip and never shown as
 * "2.5" of a chip (docs/decisions.md).
 */
export function wholeChipsOfUnits(units: bigint): string {
  return (units < 0n ? -(-units / 10_000n) : units / 10_000n).toString();
}

/**
 * An agent's figures: the size and activity of its downline (one GIN lookup of the stored paths)
 * and the money figures summed from its daily rollups, never from the ledger.
 */
export async function agentFigures(db: Db, agentId: number, now: Date): Promise<AgentFigures | undefined> {
  const since = new Date(now.getTime() - 30 * 24 * 3600 * 1000).toISOString();
  const [row] = await queryRows<{
    id: string | number;
    username: string;
    parent_id: string | number | null;
    commission_bps: number;
    players: number;
    active: number;
    children_count: number;
    deposits: string;
    rake: string;
    units: string;
  }>(
    db,
    sql`select u.id, u.username, u.parent_id, u.commission_bps, d.players, d.active,
          (select count(*)::int from users c where c.parent_id = u.id) as children_count,
          coalesce(r.deposits, 0)::text as deposits, coalesce(r.rake, 0)::text as rake, coalesce(r.units, 0)::text as units
        from users u
        cross join lateral (
          select count(*)::int as players, (count(*) filter (where x.last_played_at >= ${since}::timestamptz))::int as active
          from users x where x.ancestors @> array[u.id]::bigint[]
        ) d
        cross join lateral (
          select sum(deposits) as deposits, sum(rake) as rake, sum(commission_units) as units from agent_rollups where agent_id = u.id
        ) r
        where u.id = ${agentId} and ${isAgent('u')}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    username: row.username,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    commission_bps: row.commission_bps,
    players: row.players,
    active_players_30d: row.active,
    deposits: row.deposits,
    rake: row.rake,
    commission: wholeChipsOfUnits(BigInt(row.units)),
    children_count: row.children_count,
  };
}

/** The direct children of a user (agents and players), oldest first. */
export async function agentChildren(db: Db, parentId: number, page: number, limit: number) {
  const rows = await queryRows<{
    id: string | number;
    username: string;
    is_agent: boolean;
    commission_bps: number;
    children_count: number;
    created_at: Date | string;
    last_played_at: Date | string | null;
  }>(
    db,
    sql`select u.id, u.username, ${isAgent('u')} as is_agent, u.commission_bps, u.created_at, u.last_played_at,
          (select count(*)::int from users c where c.parent_id = u.id) as children_count
        from users u where u.parent_id = ${parentId} order by u.id limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where parent_id = ${parentId}`);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      username: r.username,
      is_agent: r.is_agent,
      commission_bps: r.commission_bps,
      children_count: r.children_count,
      created_at: new Date(r.created_at).toISOString(),
      last_played_at: r.last_played_at === null ? null : new Date(r.last_played_at).toISOString(),
    })),
    total: count?.n ?? 0,
  };
}

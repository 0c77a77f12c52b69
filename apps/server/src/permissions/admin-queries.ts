import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../store/db.js';

/** Users per country, most first (admin "users by country"). */
export async function usersPerCountry(db: Db, page: number, limit: number): Promise<{ country: string | null; count: number }[]> {
  const rows = await queryRows<{ country: string | null; count: string | number }>(
    db,
    sql`select country, count(*) as count from users group by country order by count(*) desc, country nulls last
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  return rows.map((r) => ({ country: r.country, count: Number(r.count) }));
}

/** Users holding the agent role, with how many users they referred directly. */
export async function listAgents(db: Db, page: number, limit: number): Promise<{ id: number; username: string; children_count: number }[]> {
  const rows = await queryRows<{ id: string | number; username: string; children_count: string | number }>(
    db,
    sql`select u.id, u.username, (select count(*) from users c where c.parent_id = u.id) as children_count
        from users u join user_roles r on r.user_id = u.id and r.role = 'agent'
        order by u.id limit ${limit} offset ${(page - 1) * limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), username: r.username, children_count: Number(r.children_count) }));
}

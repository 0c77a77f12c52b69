import { sql } from 'drizzle-orm';
import { queryRows, type Store } from '../store/db.js';
import { idArray } from './scan.js';

/**
 * An open case over `userIds` as the scan would write it (the tests of the actions on a case that
 * need no particular evidence). Answers its id.
 */
export async function openTestCase(store: Store, userIds: readonly number[], now: Date): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    store.db,
    sql`insert into integrity_cases (group_key, kind, score, games, evidence, opened_at, updated_at)
        values (${`test:${userIds.join(',')}:${now.getTime()}:${Math.random()}`}, 'chip_dumping', 0.9, ${idArray([])}::bigint[],
                ${JSON.stringify({ signals: [] })}::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        returning id`,
  );
  const caseId = Number(row!.id);
  for (const userId of userIds)
    await store.db.execute(sql`insert into integrity_case_accounts (case_id, user_id, role) values (${caseId}, ${userId}, 'member')`);
  return caseId;
}

import { limitNames, type LimitName } from '@durak/protocol';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../store/db.js';
import { responsibleLimits, responsiblePendingLimits } from '../store/responsible-schema.js';
import { NO_LIMITS, type LimitValues, type PendingLimit } from './limits-model.js';

export type LimitsRow = typeof responsibleLimits.$inferSelect;

const column = {
  'deposit.day': 'depositDay',
  'deposit.week': 'depositWeek',
  'deposit.month': 'depositMonth',
  'loss.day': 'lossDay',
  'loss.week': 'lossWeek',
  'loss.month': 'lossMonth',
  session_minutes: 'sessionMinutes',
  reality_check_minutes: 'realityCheckMinutes',
} as const satisfies Record<LimitName, keyof LimitsRow>;

export function valuesOf(row: LimitsRow | undefined): LimitValues {
  if (!row) return NO_LIMITS;
  const pick = (name: LimitName) => {
    const value = row[column[name]];
    return value === null ? null : BigInt(value);
  };
  return Object.fromEntries(limitNames.map((name) => [name, pick(name)])) as unknown as LimitValues;
}

/** The row columns for a set of limit values. */
export function columnsOf(values: LimitValues) {
  const minutes = (v: bigint | null) => (v === null ? null : Number(v));
  return {
    depositDay: values['deposit.day'],
    depositWeek: values['deposit.week'],
    depositMonth: values['deposit.month'],
    lossDay: values['loss.day'],
    lossWeek: values['loss.week'],
    lossMonth: values['loss.month'],
    sessionMinutes: minutes(values.session_minutes),
    realityCheckMinutes: minutes(values.reality_check_minutes),
  };
}

export interface AccountState {
  /** Fair play's freeze (§12): the case that froze the account, or null. */
  readonly frozenCaseId: number | null;
  readonly row: LimitsRow | undefined;
  readonly pending: readonly PendingLimit[];
}

/**
 * Locks the user's row and reads their responsible-play state. Every stake and every change of
 * limits takes this lock first, so two stakes of one player, or a stake and a break, never see the
 * same allowance. Null when there is no such user. FOR NO KEY UPDATE: it excludes every other
 * stake, limits change and update of the row (a ban, a freeze, a game's end) as FOR UPDATE would,
 * but not the key-share locks of rows that merely reference the user (a seat, a rating, a ledger
 * line), so those never wait on a stake (lock order: store/lock-order.ts).
 */
export async function lockAccount(tx: Tx, userId: number): Promise<AccountState | null> {
  // frozen_case_id is fair play's column (both migrations add it): read by name, not through a schema file.
  const [user] = await queryRows<{ frozen_case_id: number | null }>(
    tx,
    sql`select frozen_case_id from users where id = ${userId} for no key update`,
  );
  if (!user) return null;
  return { frozenCaseId: user.frozen_case_id, ...(await readLimits(tx, userId)) };
}

/** The limits row and pending changes, without a lock (reads for the page). */
export async function readLimits(db: Db | Tx, userId: number): Promise<{ row: LimitsRow | undefined; pending: PendingLimit[] }> {
  const [row] = await db.select().from(responsibleLimits).where(eq(responsibleLimits.userId, userId));
  const pending = await db.select().from(responsiblePendingLimits).where(eq(responsiblePendingLimits.userId, userId));
  return { row, pending: pending.map((p) => ({ name: p.name as LimitName, value: p.value, effectiveAt: p.effectiveAt })) };
}

/** Inserts or updates the player's row with `set`. */
export async function upsertLimits(tx: Tx, userId: number, set: Partial<Omit<LimitsRow, 'userId'>>, now: Date): Promise<LimitsRow> {
  const values = { ...set, updatedAt: now };
  const [row] = await tx
    .insert(responsibleLimits)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: responsibleLimits.userId, set: values })
    .returning();
  if (!row) throw new Error(`responsible_limits upsert for ${userId} returned nothing`);
  return row;
}

export async function deletePending(tx: Tx, userId: number, names: readonly LimitName[]): Promise<void> {
  if (names.length === 0) return;
  await tx
    .delete(responsiblePendingLimits)
    .where(and(eq(responsiblePendingLimits.userId, userId), inArray(responsiblePendingLimits.name, [...names])));
}

export async function writePending(tx: Tx, userId: number, pending: readonly PendingLimit[]): Promise<void> {
  for (const p of pending) {
    await tx
      .insert(responsiblePendingLimits)
      .values({ userId, name: p.name, value: p.value, effectiveAt: p.effectiveAt })
      .onConflictDoUpdate({
        target: [responsiblePendingLimits.userId, responsiblePendingLimits.name],
        set: { value: p.value, effectiveAt: p.effectiveAt },
      });
  }
}

import { and, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { signInEvents } from '../store/integrity-schema.js';

/** What the sign-in, registration and Telegram sign-in tell about the client (FEATURES.md §12). */
export interface SignInClient {
  /** The web's random device id from local storage; absent for an older client. */
  readonly deviceId?: string | null | undefined;
  /** The request's client address (behind a trusted proxy, the forwarded one). */
  readonly address?: string | null | undefined;
}

export interface SignInEvent extends SignInClient {
  readonly userId: number;
  readonly kind: 'register' | 'login' | 'telegram';
  readonly telegramId?: bigint | null | undefined;
  readonly at: Date;
}

/** One sign-in event row, in the transaction that issues the tokens. */
export async function recordSignIn(tx: Tx, event: SignInEvent): Promise<void> {
  await tx.insert(signInEvents).values({
    userId: event.userId,
    kind: event.kind,
    deviceId: event.deviceId ?? null,
    address: event.address ?? null,
    telegramId: event.telegramId ?? null,
    at: event.at,
  });
}

/** Why two accounts are linked: the same device id, or the same Telegram user behind both. */
export interface LinkedPair {
  readonly a: number;
  readonly b: number;
  readonly by: 'device' | 'telegram';
  /** The shared device id or Telegram user id. */
  readonly value: string;
}

/**
 * The pairs among `userIds` that are linked by a device id or a Telegram user each of them signed
 * in with (a shared address alone never links: families, offices and carriers share one). One
 * indexed read of the users' own sign-ins; used where a block applies (one bet table, referral).
 */
export async function linkedAmong(db: Db | Tx, userIds: readonly number[]): Promise<LinkedPair[]> {
  const ids = [...new Set(userIds)];
  if (ids.length < 2) return [];
  const rows = await db
    .selectDistinct({ userId: signInEvents.userId, deviceId: signInEvents.deviceId, telegramId: signInEvents.telegramId })
    .from(signInEvents)
    .where(and(inArray(signInEvents.userId, ids), sql`(${signInEvents.deviceId} is not null or ${signInEvents.telegramId} is not null)`));
  const owners = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.deviceId !== null) add(owners, `device:${row.deviceId}`, row.userId);
    if (row.telegramId !== null) add(owners, `telegram:${row.telegramId}`, row.userId);
  }
  const pairs = new Map<string, LinkedPair>();
  for (const [key, users] of owners) {
    const sorted = [...users].sort((x, y) => x - y);
    const [by, ...rest] = key.split(':') as ['device' | 'telegram', ...string[]];
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length; j++) {
        const id = `${sorted[i]}-${sorted[j]}`;
        if (!pairs.has(id)) pairs.set(id, { a: sorted[i]!, b: sorted[j]!, by, value: rest.join(':') });
      }
  }
  return [...pairs.values()];
}

function add(map: Map<string, Set<number>>, key: string, userId: number): void {
  const set = map.get(key) ?? new Set<number>();
  set.add(userId);
  map.set(key, set);
}

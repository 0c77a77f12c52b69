import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/db.js';
import { users } from '../store/schema.js';
import { createTestStore } from '../test-support/store.js';
import { backfillUsernameSkeletons, usernameSkeleton } from './username-skeleton.js';
import { insertUser } from './users.js';

describe('one skeleton for names that look alike', () => {
  it.each([
    ['Cyrillic а for Latin a', 'аdvadmin', 'advadmin'],
    ['full-width letters', 'ａｄｖａｄｍｉｎ', 'advadmin'],
    ['upper case', 'ADVADMIN', 'advadmin'],
    ['Greek ο and Cyrillic о for o', 'bοbο', 'bobo'],
    ['rn for m', 'adrnin', 'admin'],
    ['digit 0 for letter O', 'b0b', 'bob'],
  ])('%s: %s looks like %s', (_name, lookAlike, original) => {
    expect(usernameSkeleton(lookAlike)).toBe(usernameSkeleton(original));
  });

  it.each([
    ['another letter', 'ivan', 'iven'],
    ['one more character', 'ivan', 'ivan1'],
    ['a Cyrillic name and another', 'Ёжик', 'Ёлка'],
  ])('%s: %s and %s stay two names', (_name, a, b) => {
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));
  });
});

describe('backfill of users from before the skeleton column', () => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(async () => store.close());

  it('fills every user, and of an old look-alike pair leaves the newer one without a skeleton instead of failing', async () => {
    const ids = await store.withTransaction(async (tx) => [
      (await insertUser(tx, { username: 'oldtimer' }))!,
      (await insertUser(tx, { username: 'advadmin' }))!,
    ]);
    // As 0011 leaves them: no skeletons, and a look-alike that the old unique index let in.
    await store.db.execute(sql`update users set username_skeleton = null`);
    await store.db.insert(users).values({ username: 'аdvadmin' });

    expect(await backfillUsernameSkeletons(store)).toEqual({ filled: 2, clashes: 1 });
    const rows = await store.db.select({ username: users.username, skeleton: users.usernameSkeleton }).from(users).orderBy(asc(users.id));
    expect(rows).toEqual([
      { username: 'oldtimer', skeleton: usernameSkeleton('oldtimer') },
      { username: 'advadmin', skeleton: usernameSkeleton('advadmin') },
      { username: 'аdvadmin', skeleton: null },
    ]);
    // A second start (or a second node) finds nothing more to do and does not fail either.
    expect(await backfillUsernameSkeletons(store)).toEqual({ filled: 0, clashes: 1 });
    const [first] = await store.db.select({ skeleton: users.usernameSkeleton }).from(users).where(eq(users.id, ids[0]!));
    expect(first?.skeleton).toBe('oldtirner');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/db.js';
import { users } from '../store/schema.js';
import { createTestStore } from '../test-support/store.js';
import { canAdoptParent, insertUser } from './users.js';

let store: Store;
const ids: Record<string, number> = {};

beforeAll(async () => {
  store = await createTestStore();
  // grandpa <- father <- son
  await store.withTransaction(async (tx) => {
    ids.grandpa = (await insertUser(tx, { username: 'grandpa' })) ?? 0;
    ids.father = (await insertUser(tx, { username: 'father', parentId: ids.grandpa })) ?? 0;
    ids.son = (await insertUser(tx, { username: 'son', parentId: ids.father })) ?? 0;
    ids.stranger = (await insertUser(tx, { username: 'stranger' })) ?? 0;
  });
});
afterAll(async () => {
  await store.close();
});

describe('referral parent', () => {
  it('a new user may take any existing user as parent', async () => {
    expect(await canAdoptParent(store.db, undefined, ids.son ?? 0)).toBe(true);
  });

  it('refuses a parent that does not exist', async () => {
    expect(await canAdoptParent(store.db, undefined, 9_999_999)).toBe(false);
  });

  it('refuses self-referral', async () => {
    expect(await canAdoptParent(store.db, ids.stranger, ids.stranger ?? 0)).toBe(false);
  });

  it('refuses a cycle: a grandparent cannot adopt its own grandchild as parent', async () => {
    expect(await canAdoptParent(store.db, ids.grandpa, ids.son ?? 0)).toBe(false);
    expect(await canAdoptParent(store.db, ids.stranger, ids.son ?? 0)).toBe(true);
  });

  it('the database refuses a user as their own parent', async () => {
    await expect(
      store.db
        .update(users)
        .set({ parentId: ids.stranger })
        .where(eq(users.id, ids.stranger ?? 0)),
    ).rejects.toThrow();
  });

  it('usernames are unique ignoring letter case', async () => {
    const id = await store.withTransaction((tx) => insertUser(tx, { username: 'FATHER' }));
    expect(id).toBeUndefined();
  });
});

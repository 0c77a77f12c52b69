import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCounters } from '../shared/work-counters.js';
import type { Store } from '../store/db.js';
import { createTestStore } from '../test-support/store.js';
import { createTokenVersionReader, revokeSessions } from './revocation.js';
import { insertUser } from './users.js';

let store: Store;
let alice: number;
let bob: number;
beforeAll(async () => {
  store = await createTestStore();
  [alice, bob] = await store.withTransaction(async (tx) => [
    (await insertUser(tx, { username: 'alice' }))!,
    (await insertUser(tx, { username: 'bob' }))!,
  ]);
  await store.withTransaction((tx) => revokeSessions(tx, bob, { refreshTokens: false }, new Date()));
});
afterAll(async () => store?.close());

describe('the token check of every request', () => {
  it('reads the versions asked for in one turn in one statement, each caller getting its own', async () => {
    const versionOf = createTokenVersionReader(store.db);
    const before = workCounters.statements;
    const versions = await Promise.all([versionOf(alice), versionOf(bob), versionOf(alice), versionOf(9_999_999)]);
    expect(versions).toEqual([0, 1, 0, undefined]);
    expect(workCounters.statements - before).toBe(1);
  });

  it('reads again on the next request: a revocation holds at once, nothing is cached', async () => {
    const versionOf = createTokenVersionReader(store.db);
    expect(await versionOf(alice)).toBe(0);
    await store.withTransaction((tx) => revokeSessions(tx, alice, { refreshTokens: false }, new Date()));
    expect(await versionOf(alice)).toBe(1);
  });

  it('a failed read fails every caller of its turn, and the next turn reads afresh', async () => {
    // The first turn's read finds its database gone (a closed store's connection).
    const gone = await createTestStore();
    await gone.close();
    let reads = 0;
    const flaky = new Proxy(store.db, {
      get(target, key, receiver) {
        if (key === '$client' && reads++ === 0) return Reflect.get(gone.db, key) as unknown;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const versionOf = createTokenVersionReader(flaky);
    const first = await Promise.allSettled([versionOf(alice), versionOf(bob)]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await versionOf(bob)).toBe(1);
  });
});

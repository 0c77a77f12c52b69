import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore, pgErrorCode, pgErrors, preparedDbRows, preparedRows, queryRows, type Store } from './db.js';

// The embedded database only: PostgreSQL's named statements are the driver's own.
let store: Store;
beforeAll(async () => {
  store = await createStore({});
  await store.db.execute(sql`insert into users (username, banned_at) values ('anna', '2026-01-02T03:04:05.678Z'), ('boris', null)`);
});
afterAll(async () => store?.close());

const text = 'select id, username, token_version, banned_at, $2::jsonb as extra from users where id = any($1::bigint[]) order by id';

describe('named statements on PGlite', () => {
  it('answers exactly as PGlite query does: the same values of every type, null included', async () => {
    const ids = (await queryRows<{ id: number }>(store.db, sql`select id from users order by id`)).map((row) => row.id);
    const values = [ids, JSON.stringify({ deep: [1, 'two', null] })];
    const expected = await store.withTransaction(async (tx) => {
      const client = (tx as unknown as { session: { client: { query: (...args: unknown[]) => Promise<{ rows: unknown[][] }> } } }).session
        .client;
      return (await client.query(text, values, { rowMode: 'array' })).rows;
    });
    const inTransaction = await store.withTransaction((tx) => preparedRows(tx, 'test_users', text, values));
    const alone = await preparedDbRows(store.db, 'test_users', text, values);
    expect(inTransaction).toEqual(expected);
    expect(alone).toEqual(expected);
    expect(expected).toHaveLength(2);
    expect(expected[0]![4]).toEqual({ deep: [1, 'two', null] });
    expect(expected[1]![3]).toBeNull();
  });

  it('runs each statement as one call into the database once it is parsed', async () => {
    await preparedDbRows(store.db, 'test_users', text, [[1], null]);
    const calls = vi.spyOn(PGlite.prototype, 'execProtocol');
    try {
      for (let i = 0; i < 5; i++) await preparedDbRows(store.db, 'test_users', text, [[1], null]);
      expect(calls).toHaveBeenCalledTimes(5);
    } finally {
      calls.mockRestore();
    }
  });

  it("a failing statement rolls its transaction back with the database's own error, and the statement serves the next one", async () => {
    const insert = 'insert into users (username) values ($1) returning id';
    const failed = await store
      .withTransaction(async (tx) => {
        await preparedRows(tx, 'test_insert_user', insert, ['carla']);
        await preparedRows(tx, 'test_insert_user', insert, ['carla']);
      })
      .catch((error: unknown) => error);
    expect(pgErrorCode(failed)).toBe(pgErrors.uniqueViolation);
    expect(await queryRows(store.db, sql`select id from users where username = 'carla'`)).toEqual([]);
    const [row] = await store.withTransaction((tx) => preparedRows(tx, 'test_insert_user', insert, ['carla']));
    expect(Number(row![0])).toBeGreaterThan(0);
  });

  it('keeps other callers out while a transaction holds the connection', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => {};
    const isInside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = store.withTransaction(async (tx) => {
      await preparedRows(tx, 'test_users', text, [[1], null]);
      entered();
      // Held open until the caller outside has asked; its statement must wait for this commit.
      await gate;
      order.push('transaction done');
    });
    await isInside;
    const outside = preparedDbRows(store.db, 'test_users', text, [[1], null]).then(() => order.push('outside answered'));
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['transaction done', 'outside answered']);
  });
});

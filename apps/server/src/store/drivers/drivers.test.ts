import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore } from '../../test-support/store.js';
import type { Store } from '../db.js';
import { driverClientOf, drizzlePartsOf, sessionClientOf, sessionOf } from './drizzle-internals.js';
import { socketOf } from './pg-internals.js';

// The store reads private internals of three drivers (drivers/*.ts). These tests fail on an upgrade
// that moves them, before the move path breaks in production: each driver is pinned to the exact
// version the internals were read from, and each internal is checked on a live object.

const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
// The workspace's dependencies are installed at the repository's root (npm workspaces).
const installed = (name: string): string =>
  (JSON.parse(readFileSync(new URL(`../../../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string })
    .version;

describe('the drivers whose internals the store reads', () => {
  it.each(['pg', 'drizzle-orm', '@electric-sql/pglite'])('%s is pinned to the exact version installed', (name) => {
    expect(manifest.dependencies[name]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed(name)).toBe(manifest.dependencies[name]);
  });
});

describe('the internals, on live objects', () => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it("Drizzle: a database's dialect, relations and client; a transaction's session and its client", async () => {
    const parts = drizzlePartsOf(store.db);
    expect(typeof parts.dialect.sqlToQuery).toBe('function');
    expect(parts.relations).toHaveProperty('tableNamesMap');
    expect(driverClientOf(store.db)).toBeTruthy();
    await store.withTransaction(async (tx) => {
      expect(typeof sessionOf(tx)).toBe('object');
      expect(typeof (sessionClientOf(tx) as { query?: unknown }).query).toBe('function');
    });
  });

  it("Drizzle over node-postgres: the pool is the database's client (no connection opened)", async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const db = drizzlePg(pool);
    expect(driverClientOf(db)).toBe(pool);
    expect(typeof drizzlePartsOf(db).dialect.sqlToQuery).toBe('function');
    await pool.end();
  });

  it("pg: a client's socket can be corked, and its query replaced", () => {
    const client = new pg.Client();
    const socket = socketOf(client);
    expect(typeof socket.cork).toBe('function');
    expect(typeof socket.uncork).toBe('function');
    expect(Object.getOwnPropertyDescriptor(client, 'query') ?? typeof client.query).toBeTruthy();
  });

  it("PGlite: the connection's locks and readiness check that `query` itself uses", async () => {
    const lite = new PGlite();
    await lite.waitReady;
    for (const method of ['_checkReady', '_runExclusiveTransaction', '_runExclusiveQuery', 'execProtocol'] as const)
      expect(typeof lite[method]).toBe('function');
    expect(typeof lite.parsers).toBe('object');
    expect(typeof lite.serializers).toBe('object');
    await lite.close();
  });
});

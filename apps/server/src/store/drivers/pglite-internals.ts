import type { PGlite } from '@electric-sql/pglite';

/**
 * What the store uses of PGlite's underscore methods, in one place (@electric-sql/pglite is pinned
 * to an exact version in apps/server/package.json; drivers.test.ts fails when an upgrade moves
 * them): a named statement run outside a transaction must wait for the connection exactly as
 * PGlite's own `query` does, and refuse as it does once the database is closed.
 */
export async function holdingConnection<T>(lite: PGlite, fn: () => Promise<T>): Promise<T> {
  // As `query` does first: a closed database refuses with "PGlite is closed" (db-faults.ts: unavailable).
  await lite._checkReady();
  return lite._runExclusiveTransaction(() => lite._runExclusiveQuery(fn));
}

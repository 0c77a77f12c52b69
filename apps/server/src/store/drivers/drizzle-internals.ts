import { NodePgSession, NodePgTransaction, type NodePgClient } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';

/**
 * Everything the store reads of Drizzle beyond its typed API, in one place (drizzle-orm is pinned
 * to an exact version in apps/server/package.json; drivers.test.ts fails when an upgrade moves any
 * of it). The move path needs these: the raw driver client under a transaction for its named
 * statements (db.ts `preparedRows`), and a transaction opened on our own pipelined connection
 * (transactions.ts), which Drizzle's `transaction` cannot do.
 */

/** The parts of a Drizzle database a hand-opened transaction needs. */
export interface DrizzleParts {
  readonly dialect: PgDialect;
  readonly relations: RelationalSchemaConfig<TablesRelationalConfig>;
}

/** A Drizzle database's dialect and relational config (`db.dialect` is not typed; `db._` is). */
export function drizzlePartsOf(db: object): DrizzleParts {
  const internals = db as unknown as { dialect: PgDialect; _: RelationalSchemaConfig<TablesRelationalConfig> };
  return { dialect: internals.dialect, relations: internals._ };
}

/** The driver's client a Drizzle database was built on (`$client`: a pg.Pool or a PGlite). */
export const driverClientOf = (db: object): unknown => (db as unknown as { $client: unknown }).$client;

/** A Drizzle transaction's session: the key the store keeps a transaction's pipelined writes under. */
export const sessionOf = (tx: object): object => (tx as unknown as { session: object }).session;

/** The driver client a Drizzle transaction's session sends through. */
export const sessionClientOf = (tx: object): unknown => (tx as unknown as { session: { client: unknown } }).session.client;

/** A Drizzle node-postgres transaction over a client of our own (a pipelined pooled connection). */
export function openNodePgTransaction(
  client: { query(config: unknown, values?: unknown): Promise<unknown> },
  parts: DrizzleParts,
): NodePgTransaction<Record<string, unknown>, TablesRelationalConfig> {
  const session = new NodePgSession(client as unknown as NodePgClient, parts.dialect, parts.relations);
  return new NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>(parts.dialect, session, parts.relations);
}

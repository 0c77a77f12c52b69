import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as adminSchema from './admin-schema.js';
import * as roomsSchema from './rooms-schema.js';
import * as banditSchema from './bandit-schema.js';
import * as chatSchema from './chat-schema.js';
import * as baseSchema from './schema.js';
import * as economySchema from './economy-schema.js';
import * as friendsSchema from './friends-schema.js';
import * as playersSchema from './players-schema.js';
import * as tournamentsSchema from './tournaments-schema.js';
import { workCounters } from '../shared/work-counters.js';

// Each area's tables live in their own file, which reads users from the base one; one schema for queries.
const schema = { ...baseSchema, ...roomsSchema, ...tournamentsSchema, ...playersSchema, ...banditSchema, ...adminSchema, ...economySchema, ...friendsSchema, ...chatSchema };

export type Schema = typeof schema;
/** The database handle services use; the same type for PostgreSQL and PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction; money moves and game steps take one so they commit together. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Store {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Runs `fn` in one transaction (READ COMMITTED); commits when it resolves, rolls back when it throws. */
  withTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://... — absent: PGlite. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data directory; absent: in memory (tests). */
  readonly pgliteDir?: string | undefined;
  readonly poolSize?: number;
  /** Told of a connection that failed outside a query (it is then replaced); default: ignored. */
  readonly onConnectionError?: (error: Error) => void;
}

// drizzle/ sits beside src/ and dist/, so this resolves from the sources and the build alike.
// Every statement Drizzle sends (BEGIN and COMMIT of a node-postgres transaction too); PGlite's
// own BEGIN and COMMIT are counted in `withTransaction`.
const logger = { logQuery: () => void workCounters.statements++ };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database and applies the checked-in migrations.
 *
 * PGlite is one embedded connection: it runs one query or transaction at a time and queues the
 * rest (its own exclusive lock around every `query` and `transaction`), so concurrent requests
 * are serialised there and row locks never contend. PostgreSQL uses a pool; concurrent
 * transactions really interleave and the ledger's ordered row locks do the work.
 */
export async function createStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection that dies (terminated backend, failover, network cut) emits 'error' on its
    // client; an 'error' event nobody listens to ends the process. The pool listens only while a
    // client is idle in it, so each client gets its own listener for the time it is checked out
    // (idle in a transaction, between two statements): the statement that follows fails instead,
    // its transaction is gone with the backend, and the dead client is dropped from the pool on
    // release (pg-pool removes a client that is no longer queryable).
    const onConnectionError = options.onConnectionError ?? (() => {});
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = drizzlePg(pool, { schema, logger });
    await migratePg(db, { migrationsFolder });
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      withTransaction: (fn) => db.transaction((tx) => fn(tx as unknown as Tx)),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite(options.pgliteDir);
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    withTransaction: (fn) => {
      workCounters.statements += 2;
      return db.transaction((tx) => fn(tx as unknown as Tx));
    },
    close: () => client.close(),
  };
}

/** Postgres error code of a failed statement (drizzle wraps the driver's error as `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}

export const pgErrors = { uniqueViolation: '23505', checkViolation: '23514' } as const;

/** Raw SQL for what the query builder cannot say; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

interface PgClientLike {
  release(): void;
  query(config: { name: string; text: string; values: unknown[]; rowMode: 'array'; types: typeof pgTimesAsText }): Promise<{ rows: unknown[][] }>;
}
interface PgliteClientLike {
  query(text: string, values: unknown[], options: { rowMode: 'array'; parsers: typeof pgliteTimesAsText }): Promise<{ rows: unknown[][] }>;
}

// Times come back as text, as Drizzle asks both drivers for them, so Drizzle's column mappers
// turn a prepared row into exactly the values a query-builder row holds.
const timeTypes = [1082, 1114, 1184, 1186] as const; // date, timestamp, timestamptz, interval
const asText = (value: string) => value;
const pgTimesAsText = {
  getTypeParser: (oid: number, format?: string) => ((timeTypes as readonly number[]).includes(oid) ? asText : pg.types.getTypeParser(oid, format as 'text')),
};
const pgliteTimesAsText = Object.fromEntries(timeTypes.map((oid) => [oid, asText]));

/**
 * A hot-path statement straight on the transaction's driver connection, rows as arrays: fixed SQL
 * text, so no query builder runs, and on PostgreSQL a named statement, parsed and planned once per
 * pooled connection and then only bound and executed. PGlite has no named statements; it still
 * skips the builder. For the few statements every move runs (room-store's lockRoom, games' saveStep).
 */
export async function preparedRows(tx: Tx, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  workCounters.statements++;
  const client = (tx as unknown as { session: { client: PgClientLike | PgliteClientLike } }).session.client;
  if ('release' in client) return (await client.query({ name, text, values, rowMode: 'array', types: pgTimesAsText })).rows;
  return (await client.query(text, values, { rowMode: 'array', parsers: pgliteTimesAsText })).rows;
}

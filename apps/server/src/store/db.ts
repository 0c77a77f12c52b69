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
import * as responsibleSchema from './responsible-schema.js';
import * as integritySchema from './integrity-schema.js';
import * as playersSchema from './players-schema.js';
import * as tournamentsSchema from './tournaments-schema.js';
import { workCounters } from '../shared/work-counters.js';
import { PgliteStatements } from './pglite-statements.js';
import { refusalsRollBack } from './transaction-rule.js';
import { driverClientOf, drizzlePartsOf, sessionClientOf } from './drivers/drizzle-internals.js';
import { countRoundTrips, firstFailure, isPipelinedClient, pipelinedTransaction, trackWrites, writesOf } from './transactions.js';

// Each area's tables live in their own file, which reads users from the base one; one schema for queries.
const schema = {
  ...baseSchema,
  ...roomsSchema,
  ...tournamentsSchema,
  ...playersSchema,
  ...banditSchema,
  ...adminSchema,
  ...economySchema,
  ...friendsSchema,
  ...chatSchema,
  ...responsibleSchema,
  ...integritySchema,
};

export type Schema = typeof schema;
/** The database handle services use; the same type for PostgreSQL and PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction; money moves and game steps take one so they commit together. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Store {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /**
   * Runs `fn` in one transaction (READ COMMITTED): commits when it resolves to anything but a failed
   * `Result`; a refusal or a throw rolls back (the transaction rule, transaction-rule.ts).
   */
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

// PGlite's statements as Drizzle sends them (its own BEGIN and COMMIT are counted in
// `withTransaction`); PostgreSQL's are counted on the connection (transactions.ts), with its round trips.
const logger = { logQuery: () => void (workCounters.statements++, workCounters.roundTrips++) };

// drizzle/ sits beside src/ and dist/, so this resolves from the sources and the build alike.
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database and applies the checked-in migrations.
 *
 * PGlite is one embedded connection: it runs one query or transaction at a time and queues the
 * rest (its own exclusive lock around every `query` and `transaction`), so concurrent requests
 * are serialised there and row locks never contend. PostgreSQL uses a pool; concurrent
 * transactions really interleave and the ledger's ordered row locks do the work. Its connections
 * run in pipeline mode: a statement is written at once, even while an earlier one is unanswered,
 * which `withTransaction` uses to send BEGIN and COMMIT with the statements next to them.
 */
export async function createStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, pipeline: true });
    // A connection that dies (terminated backend, failover, network cut) emits 'error' on its
    // client; an 'error' event nobody listens to ends the process. The pool listens only while a
    // client is idle in it, so each client gets its own listener for the time it is checked out
    // (idle in a transaction, between two statements): the statement that follows fails instead,
    // its transaction is gone with the backend, and the dead client is dropped from the pool on
    // release (pg-pool removes a client that is no longer queryable).
    const onConnectionError = options.onConnectionError ?? (() => {});
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => {
      client.on('error', onConnectionError);
      countRoundTrips(client);
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const parts = drizzlePartsOf(db);
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      withTransaction: refusalsRollBack<Tx>((fn) => pipelinedTransaction(pool, parts, (tx) => fn(tx as unknown as Tx))),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await textParsersOnce(new PGlite(options.pgliteDir));
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    // PGlite's own transaction: its COMMIT queues behind the pipelined writes on the one connection
    // and refuses (throws) when one of them failed; the write's own error is the one thrown.
    withTransaction: refusalsRollBack<Tx>(async (fn) => {
      workCounters.statements += 2;
      workCounters.roundTrips += 2;
      let writes: Promise<unknown>[] = [];
      try {
        return await db.transaction((tx) => {
          writes = trackWrites(tx);
          return fn(tx as unknown as Tx);
        });
      } catch (error) {
        throw (await firstFailure(writes)) ?? error;
      }
    }),
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

// Times come back as text, as Drizzle asks both drivers for them, so Drizzle's column mappers
// turn a prepared row into exactly the values a query-builder row holds.
const timeTypes = [1082, 1114, 1184, 1186] as const; // date, timestamp, timestamptz, interval
const asText = (value: string) => value;
const pgTimesAsText = {
  getTypeParser: (oid: number, format?: string) =>
    (timeTypes as readonly number[]).includes(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'),
};

// Drizzle asks PGlite with every query for these as text (times, their arrays, numeric[]), and
// PGlite merges per-query parsers into a copy of its whole table of ~300 (several times a query,
// about 0.15 ms each). They are set on the connection once instead (`textParsersOnce`), where they
// take the same values, and the per-query ones are dropped.
const drizzleTextTypes = [...timeTypes, 1231, 1115, 1185, 1187, 1182] as const; // numeric[], timestamp[], timestamptz[], interval[], date[]

type QueryOptions = { parsers?: unknown } & Record<string, unknown>;
type Queryable = { query(text: string, values?: unknown[], options?: QueryOptions): Promise<unknown> };

/**
 * The embedded connection's named statements, by the objects Drizzle holds as its client: the
 * connection itself, and each of its transactions (in which the caller holds the connection).
 */
const embeddedStatements = new WeakMap<object, { readonly statements: PgliteStatements; readonly inTransaction: boolean }>();

/** The connection (or one of its transactions) as Drizzle and the store see it: per-query parsers dropped. */
function withoutQueryParsers<C extends object>(client: C, statements: PgliteStatements, inTransaction = false): C {
  const proxy = new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key === 'query')
        return (text: string, values?: unknown[], options?: QueryOptions) => {
          if (options?.parsers === undefined) return (target as Queryable).query(text, values, options);
          const { parsers: _sameAsTheConnections, ...rest } = options;
          return (target as Queryable).query(text, values, rest);
        };
      if (key === 'transaction')
        return (fn: (tx: object) => Promise<unknown>) =>
          (target as { transaction(fn: (tx: object) => Promise<unknown>): Promise<unknown> }).transaction((tx) =>
            fn(withoutQueryParsers(tx, statements, true)),
          );
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  embeddedStatements.set(proxy, { statements, inTransaction });
  return proxy;
}

/** Sets Drizzle's text parsers on the connection, after PGlite set its array parsers at start. */
async function textParsersOnce(client: PGlite): Promise<PGlite> {
  await client.waitReady;
  for (const oid of drizzleTextTypes) client.parsers[oid] = asText;
  return withoutQueryParsers(client, new PgliteStatements(client));
}

/**
 * A hot-path statement straight on the transaction's driver connection, rows as arrays: fixed SQL
 * text, so no query builder runs, and a named statement, parsed and planned once per connection
 * and then only bound and executed (on PGlite through its wire protocol, pglite-statements.ts).
 * For the few statements every move runs (room-store's lockRoomForMove, games' saveStep).
 */
export async function preparedRows(tx: Tx, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = sessionClientOf(tx);
  if (isPipelinedClient(client))
    return ((await client.query({ name, text, values, rowMode: 'array', types: pgTimesAsText })) as { rows: unknown[][] }).rows;
  return embeddedRows(client, name, text, values);
}

function embeddedRows(client: unknown, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  workCounters.statements++;
  workCounters.roundTrips++;
  const embedded = embeddedStatements.get(client as object);
  if (embedded === undefined) throw new Error(`statement ${name}: not a connection of this store`);
  return embedded.inTransaction ? embedded.statements.rows(name, text, values, false) : embedded.statements.rowsAlone(name, text, values);
}

/**
 * A hot-path statement outside a transaction (as `preparedRows`): on PostgreSQL a named statement on
 * whichever pooled connection is free (each parses and plans it once), on PGlite the embedded
 * connection's plain query; no query builder runs. For what every request reads (the token check).
 */
export async function preparedDbRows(db: Db, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = driverClientOf(db);
  if (client instanceof pg.Pool)
    return (await client.query({ name, text, values, rowMode: 'array', types: pgTimesAsText })).rows as unknown[][];
  return embeddedRows(client, name, text, values);
}

/**
 * A named statement (as `preparedRows`) sent without waiting for its answer: the transaction's
 * commit waits for it, so on PostgreSQL it travels with COMMIT in one round trip, and when it fails
 * the transaction rolls back and throws its error. For a transaction's last write, whose answer
 * nothing reads; statements sent after it run after it, on the same connection.
 */
export function pipelineWrite(tx: Tx, name: string, text: string, values: unknown[]): void {
  const writes = writesOf(tx);
  if (!writes) throw new Error(`pipelineWrite(${name}) outside a store transaction`);
  const sent = preparedRows(tx, name, text, values);
  // Its failure is thrown by the transaction; never an unhandled rejection in between.
  sent.catch(() => {});
  writes.push(sent);
}

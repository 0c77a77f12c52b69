import type { NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { TablesRelationalConfig } from 'drizzle-orm/relations';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { workCounters } from '../shared/work-counters.js';
import { openNodePgTransaction, sessionOf, type DrizzleParts } from './drivers/drizzle-internals.js';
import { socketOf, wrapQuery } from './drivers/pg-internals.js';

/**
 * The writes a transaction has sent and not waited for (`pipelineWrite` in db.ts), by the
 * transaction's Drizzle session: its commit waits for them, and the first that failed is what the
 * transaction throws.
 */
const unansweredWrites = new WeakMap<object, Promise<unknown>[]>();

/** Opens the list of a new transaction's pipelined writes. */
export function trackWrites(tx: object): Promise<unknown>[] {
  const writes: Promise<unknown>[] = [];
  unansweredWrites.set(sessionOf(tx), writes);
  return writes;
}

/** The list of the transaction's pipelined writes; undefined outside a store's `withTransaction`. */
export const writesOf = (tx: object): Promise<unknown>[] | undefined => unansweredWrites.get(sessionOf(tx));

/** The error of the first of `answers` that failed, once all are in; undefined when none did. */
export async function firstFailure(answers: readonly Promise<unknown>[]): Promise<unknown> {
  for (const answer of await Promise.allSettled(answers)) if (answer.status === 'rejected') return answer.reason as unknown;
  return undefined;
}

const corked = new WeakSet<Writable>();
const uncork = (socket: Writable): void => {
  corked.delete(socket);
  socket.uncork();
};

/**
 * Holds what this turn of the event loop writes to the connection and sends it in one socket write
 * on the next (`setImmediate`, after every promise of this turn has run): pg writes each statement
 * alone, and BEGIN with the room's lock, or the step's write with COMMIT, are issued a few promise
 * callbacks apart. Each socket write is a system call, the costliest part of a statement here.
 */
function batchWrites(client: pg.PoolClient): void {
  const socket = socketOf(client);
  if (corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  setImmediate(uncork, socket);
}

/**
 * A transaction's connection in pipeline mode (the pool's `pipeline: true`): BEGIN is written
 * without waiting for its answer, so the transaction's first statement travels with it; that
 * statement's answer is handed over only together with BEGIN's. BEGIN has nothing to refuse on a
 * live connection, and when the connection breaks the statement behind it fails too, so no
 * statement's result is ever used outside the transaction.
 */
class PipelinedClient {
  #begun: Promise<unknown> | null;

  constructor(
    readonly client: pg.PoolClient,
    begun: Promise<unknown>,
  ) {
    this.#begun = begun;
    begun.then(
      () => (this.#begun = null),
      () => {},
    );
  }

  query(config: unknown, values?: unknown): Promise<unknown> {
    batchWrites(this.client);
    const answer = (this.client.query as (config: unknown, values?: unknown) => Promise<unknown>)(config, values);
    const begun = this.#begun;
    return begun === null ? answer : Promise.all([begun, answer]).then(([, result]) => result);
  }
}

/** Whether a transaction's driver client is a pooled PostgreSQL connection (else PGlite's). */
export const isPipelinedClient = (client: unknown): client is PipelinedClient => client instanceof PipelinedClient;

/**
 * One transaction on a pooled connection in two round trips at best: BEGIN rides with the first
 * statement, and COMMIT with the writes sent through `pipelineWrite` (a move: BEGIN + the room's
 * lock, then the step's write + COMMIT). A write that failed aborts the transaction on the server,
 * so the COMMIT behind it answers ROLLBACK and the write's error is thrown: nothing a caller
 * publishes after the commit is ever published. Drizzle's own `transaction` waits for each of
 * BEGIN and COMMIT alone.
 */
export async function pipelinedTransaction<T>(
  pool: pg.Pool,
  parts: DrizzleParts,
  fn: (tx: NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  batchWrites(client);
  const begun = client.query('begin');
  const tx = openNodePgTransaction(new PipelinedClient(client, begun), parts);
  const writes = trackWrites(tx);
  let value: T;
  try {
    value = await fn(tx);
  } catch (error) {
    batchWrites(client);
    const rolledBack = client.query('rollback');
    const failed = await firstFailure([begun, ...writes]);
    // A connection that cannot even roll back is dropped, not handed to the next transaction.
    const broken = await firstFailure([rolledBack]);
    client.release(broken === undefined ? undefined : (broken as Error));
    throw failed ?? error;
  }
  batchWrites(client);
  const committed = client.query('commit');
  const failed = await firstFailure([begun, ...writes]);
  const commitFailure = await firstFailure([committed]);
  // A failed COMMIT ends the transaction too (rolled back), and pg-pool drops a dead connection.
  client.release();
  if (failed !== undefined) throw failed;
  if (commitFailure !== undefined) throw commitFailure;
  if ((await committed).command !== 'COMMIT') throw new Error('the transaction was rolled back at its COMMIT');
  return value;
}

/**
 * Counts what this connection sends (`workCounters`): every query is a statement, and a query
 * sent while none of the connection's earlier ones is unanswered opens a round trip; one sent
 * behind an unanswered one (pipelined) shares it.
 */
export function countRoundTrips(client: pg.PoolClient): void {
  let unanswered = 0;
  const answered = () => void unanswered--;
  wrapQuery(client, (send) => (...args: unknown[]) => {
    workCounters.statements++;
    if (unanswered++ === 0) workCounters.roundTrips++;
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        answered();
        return (callback as (...results: unknown[]) => unknown)(...results);
      };
      return send(...args);
    }
    const result = send(...args);
    if (result instanceof Promise) result.then(answered, answered);
    else answered();
    return result;
  });
}

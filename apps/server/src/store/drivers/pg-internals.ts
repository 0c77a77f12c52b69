import type { Writable } from 'node:stream';
import type pg from 'pg';

/**
 * What the store reads and changes of node-postgres beyond its typed API, in one place (pg is
 * pinned to an exact version in apps/server/package.json; drivers.test.ts fails when an upgrade
 * moves any of it): the socket under a connection, to send a turn's statements in one write, and
 * the connection's `query`, to count statements and round trips.
 */

/** The socket under a pooled connection (`Client.connection.stream`, not in pg's types). */
export const socketOf = (client: pg.ClientBase): Writable => (client as unknown as { connection: { stream: Writable } }).connection.stream;

type Query = (...args: unknown[]) => unknown;

/** Replaces a connection's `query` with `wrap(send)`, `send` being the driver's own. */
export function wrapQuery(client: pg.ClientBase, wrap: (send: Query) => Query): void {
  const send = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = wrap(send);
}

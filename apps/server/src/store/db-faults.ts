/**
 * Which thrown errors mean "the database is not there right now" rather than "this query is wrong".
 * A request that meets one answers 503 `server/unavailable` (retry later, nothing was written: its
 * transaction died with the connection), not 500 (a bug to fix) — FEATURES.md §8.
 */

// SQLSTATE classes and codes of a connection or server that went away, not of a bad statement:
// 08 connection exception, 57P01..57P05 shutdown / crash / cannot connect now / idle timeout,
// 53300 too many connections, 40P01 is not here (a deadlock is retried by the caller, not the client).
const unavailableCodes = /^(08...|57P0[1-5]|53300)$/;

// Errors of the driver (node-postgres, pg-pool) and the socket under it, which carry no SQLSTATE.
const unavailableMessages = [
  /Connection terminated/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Cannot use a pool after calling end/i,
  // PGlite: the embedded database was closed under a request (shutdown) or its WASM runtime failed.
  /PGlite is closed/i,
];
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** Whether `error` (or an error it wraps as `cause`) is the database or its connection failing. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    // WebAssembly.RuntimeError (an aborted PGlite) carries this name; the type is not in the server's lib.
    if (e instanceof Error && e.name === 'RuntimeError') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.test(code) || unavailableSocketCodes.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

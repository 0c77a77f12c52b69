// What `npm run backup` and `npm run restore` share: where the embedded database lives, read from
// the same variables as the server (DATA_DIR, default ./data; DATABASE_URL means PostgreSQL).
import { join, resolve } from 'node:path';

export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** DATA_DIR/pg, or a refusal naming the PostgreSQL tool when DATABASE_URL is set. */
export function embeddedDatabaseDir(command, postgresTool) {
  if (process.env.DATABASE_URL?.trim()) {
    fail(
      `DATABASE_URL is set: this installation runs on PostgreSQL, and npm run ${command} is for the embedded database. Use ${postgresTool} (docs/operations.md "Back up and restore").`,
    );
  }
  return join(resolve(process.env.DATA_DIR?.trim() || './data'), 'pg');
}

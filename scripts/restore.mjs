// `npm run restore -- <file>`: the embedded database (DATA_DIR/pg) from a `npm run backup` file.
// It never overwrites: an existing database must be moved aside first. The archive is unpacked
// by PGlite into a sibling directory, opened once to prove it is a database, and only then moved
// into place, so a bad file leaves nothing behind. The server applies newer migrations at start.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDatabaseDir, fail } from './embedded-database.mjs';

const pgDir = embeddedDatabaseDir('restore', 'pg_restore');
if (process.argv[2] === undefined) fail('Usage: npm run restore -- <backup file>');
const file = resolve(process.argv[2]);
if (!existsSync(file)) fail(`No backup file ${file}.`);
if (existsSync(pgDir) && readdirSync(pgDir).length > 0)
  fail(`${pgDir} is not empty: move it aside (with the server stopped), then restore.`);

const staging = `${pgDir}.restoring-${process.pid}`;
mkdirSync(dirname(pgDir), { recursive: true });
try {
  const database = new PGlite(staging, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    const { rows } = await database.query("select count(*)::int as tables from information_schema.tables where table_schema = 'public'");
    console.log(`Restored ${file}: ${rows[0].tables} tables.`);
  } finally {
    await database.close();
  }
  rmSync(pgDir, { recursive: true, force: true });
  renameSync(staging, pgDir);
  console.log(`The embedded database is now ${pgDir}; start the server.`);
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
}

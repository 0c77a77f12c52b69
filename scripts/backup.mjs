// `npm run backup [-- <file>]`: a consistent copy of the embedded database (PGlite in DATA_DIR/pg)
// as one .tar.gz, written by PGlite itself (dumpDataDir) from a database no server has open.
// PGlite is one process's database: copying its files under a running server could catch half a
// write, and opening them from a second process could corrupt them, so the server is stopped first.
// PostgreSQL installations use pg_dump (docs/operations.md "Back up and restore").
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDatabaseDir, fail } from './embedded-database.mjs';

const pgDir = embeddedDatabaseDir('backup', 'pg_dump -Fc');
if (!existsSync(join(pgDir, 'PG_VERSION'))) fail(`No embedded database in ${pgDir} (DATA_DIR=${process.env.DATA_DIR ?? './data'}).`);
if (existsSync(join(pgDir, 'postmaster.pid'))) {
  fail(
    `A server has the database in ${pgDir} open (${join(pgDir, 'postmaster.pid')} exists): stop it, then back up.\n` +
      'If no server runs (one was killed), start and stop it once: it recovers the database and removes that file.',
  );
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(process.argv[2] ?? `durak-backup-${stamp}.tar.gz`);
if (existsSync(file)) fail(`${file} exists; name another file.`);

const database = new PGlite(pgDir);
try {
  // dumpDataDir, unlike a query, does not wait for the database to open: called early it never settles.
  await database.waitReady;
  const archive = await database.dumpDataDir('gzip');
  // Written aside and renamed, so a failed backup never leaves a file that looks complete.
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
  renameSync(partial, file);
  console.log(`Backed up ${pgDir} to ${file} (${archive.size} bytes). Restore: npm run restore -- ${file}`);
} finally {
  await database.close();
}

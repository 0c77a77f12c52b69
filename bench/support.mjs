// What the database benches share: run one measurement on the embedded database (in a temporary
// directory) and then on a temporary PostgreSQL database when one answers (DATABASE_URL, or the
// machine's 127.0.0.1:5432), dropped afterwards. Imports the built server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createStore } from '../apps/server/dist/store/db.js';

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Calls `measure(name, store)` on PGlite, then on PostgreSQL if reachable, each on a fresh database. */
export async function onEachDatabase(measure, { poolSize = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'durak-bench-'));
  const lite = await createStore({ pgliteDir: dir });
  try {
    await measure('PGlite', lite);
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await reachable(base))) {
    console.log('PostgreSQL  not reachable (set DATABASE_URL): skipped');
    return;
  }
  const name = `durak_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const store = await createStore({ databaseUrl: url.toString(), poolSize });
  try {
    await measure('PostgreSQL', store);
  } finally {
    await store.close();
    await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

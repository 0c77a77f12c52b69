import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database for one test file. With DATABASE_URL set: a new PostgreSQL database on
 * that server (dropped by `drop`); otherwise nothing (`url` undefined = PGlite in memory).
 */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `durak_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function admin(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

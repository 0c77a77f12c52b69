import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../store/db.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({}, { logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } } });
});
afterAll(async () => {
  await server.close();
});

describe('health probes', () => {
  it('GET /healthz answers 200 ok without a token', async () => {
    const res = await request(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready with the database and Redis checked', async () => {
    const res = await request(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'off' },
      payments: server.config.economy.paymentsSandbox ? 'sandbox' : 'live',
    });
  });

  // FEATURES.md §17: free sandbox chips were on by default with nothing saying so.
  it('/readyz and /api/flags say when payments are the sandbox', async () => {
    expect(server.config.economy.paymentsSandbox).toBe(true);
    expect((await request(`${server.url}/readyz`)).body).toMatchObject({ payments: 'sandbox' });
    expect((await request(`${server.url}/api/flags`)).body).toMatchObject({ flags: { payments_sandbox: true } });
    const live = await startTestServer({ economy: { ...server.config.economy, paymentsSandbox: false } });
    try {
      expect((await request(`${live.url}/readyz`)).body).toMatchObject({ payments: 'live' });
      expect((await request(`${live.url}/api/flags`)).body).toMatchObject({ flags: { payments_sandbox: false } });
    } finally {
      await live.close();
    }
  });

  it('neither probe is logged at info level, while other calls are', async () => {
    logLines.length = 0;
    await request(`${server.url}/healthz`);
    await request(`${server.url}/readyz`);
    await request(`${server.url}/api/nope`);
    const urls = logLines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toContain('/api/nope');
    expect(urls).not.toContain('/healthz');
    expect(urls).not.toContain('/readyz');
  });

  it('a database that does not answer makes /readyz 503 naming it, within the 1 s bound', async () => {
    const db = server.services.store.db as { execute: Db['execute'] };
    const execute = db.execute;
    db.execute = (() => new Promise(() => {})) as unknown as Db['execute'];
    try {
      const started = performance.now();
      const res = await request(`${server.url}/readyz`);
      const elapsed = performance.now() - started;
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'unavailable', checks: { database: 'timeout' } });
      expect(elapsed).toBeLessThan(1500);
      // Liveness does not depend on the database: the node is not restarted for its failover.
      expect((await request(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      db.execute = execute;
    }
  });

  it('a database that fails makes /readyz 503 with database "failed"', async () => {
    const db = server.services.store.db as { execute: Db['execute'] };
    const execute = db.execute;
    db.execute = (() => Promise.reject(new Error('connection terminated'))) as unknown as Db['execute'];
    try {
      const res = await request(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
    } finally {
      db.execute = execute;
    }
  });
});

describe('a Redis nobody answers', () => {
  let lonely: TestServer;
  beforeAll(async () => {
    // Port 9 (discard) has no listener on the test machine: every connection is refused.
    lonely = await startTestServer({ redisUrl: 'redis://127.0.0.1:9' });
  });
  afterAll(async () => {
    await lonely.close();
  });

  it('makes /readyz 503 naming redis, with the database still ok', async () => {
    const res = await request(`${lonely.url}/readyz`);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'failed' }, payments: 'sandbox' });
  });
});

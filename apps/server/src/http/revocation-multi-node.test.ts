import { randomBytes } from 'node:crypto';
import { Centrifuge } from 'centrifuge';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { redisUrl } from '../realtime/test-redis.js';
import { nextEvent } from '../realtime/test-support.js';
import { createTestDatabase } from '../test-support/database.js';
import { registerUser, request } from '../test-support/http.js';
import { startServerProcess, toTestStderr, type ServerProcess } from '../test-support/server-process.js';

const redis = redisUrl();
const databaseUrl = process.env.DATABASE_URL;
const nodes: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
const admin = { username: 'root_admin', password: 'root-password-1' };

afterAll(async () => {
  for (const node of nodes) await node.kill();
  for (const cleanup of cleanups) await cleanup();
});

/** A real server process (src/main.ts) sharing the database and Redis with the others. */
async function startNode(env: Record<string, string>): Promise<string> {
  const node = await startServerProcess(
    { ...env, AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
    { inheritEnv: true, onStderr: toTestStderr },
  );
  nodes.push(node);
  return node.url;
}

describe.runIf(redis !== undefined && databaseUrl !== undefined)('revocation across two nodes sharing PostgreSQL and Redis', () => {
  it('a role change on node A refuses the old token on node B at its next request and closes its socket there within 2 s', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const shared = {
      DATABASE_URL: database.url!,
      REDIS_URL: redis!,
      REDIS_PREFIX: `durak-test-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    };
    const a = await startNode(shared);
    const b = await startNode(shared);
    const adminToken = (await request<{ access_token: string }>(`${a}/api/user/login`, { body: admin })).body.access_token;

    await registerUser(a, 'second_admin', 'second-password-1');
    const { id } = (
      await request<{ id: number }>(`${a}/api/user/users/me`, {
        token: (
          await request<{ access_token: string }>(`${a}/api/user/login`, {
            body: { username: 'second_admin', password: 'second-password-1' },
          })
        ).body.access_token,
      })
    ).body;
    expect(
      (await request(`${a}/api/admin/users/${id}`, { method: 'PATCH', token: adminToken, body: { roles: ['player', 'admin'] } })).status,
    ).toBe(200);
    // Signed in on node B as an admin; its token works there and on node A.
    const token = (
      await request<{ access_token: string }>(`${b}/api/user/login`, { body: { username: 'second_admin', password: 'second-password-1' } })
    ).body.access_token;
    for (const node of [a, b]) expect((await request(`${node}/api/admin/users/${id}`, { token })).status).toBe(200);
    const socket = new Centrifuge(`${b.replace('http', 'ws')}/connection/websocket`, {
      websocket: WebSocket,
      token,
      minReconnectDelay: 50,
      maxReconnectDelay: 300,
    });
    cleanups.push(async () => socket.disconnect());
    socket.connect();
    await socket.ready(10_000);

    const dropped = nextEvent(socket, 'connecting', 2000);
    const demotedAt = Date.now();
    expect((await request(`${a}/api/admin/users/${id}`, { method: 'PATCH', token: adminToken, body: { roles: ['player'] } })).status).toBe(
      200,
    );
    // The very next request on the other node: no cache lets it through.
    const credit = await request<{ error: { code: string } }>(`${b}/api/admin/users/${id}/adjust`, {
      token,
      body: { wallet_type: 'BALANCE', amount: '12345', reason: 'for myself', idempotency_key: 'after-demotion-1' },
    });
    expect([credit.status, credit.body.error.code]).toEqual([401, 'auth/token_revoked']);
    await dropped;
    expect(Date.now() - demotedAt).toBeLessThan(2000);
    const detail = await request<{ wallets: { wallet_type: string; balance: string }[] }>(`${a}/api/admin/users/${id}`, {
      token: adminToken,
    });
    expect(detail.body.wallets.find((w) => w.wallet_type === 'BALANCE')?.balance).toBe('0');
  });
});

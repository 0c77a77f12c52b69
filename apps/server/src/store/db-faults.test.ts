import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { chooseAction, legalActions, type GameView } from '@durak/engine';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../realtime/test-support.js';
import { actionBody, newPlayer, playToEnd, rng, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { createTestDatabase } from '../test-support/database.js';
import { registerUser, request } from '../test-support/http.js';
import { startServerProcess, toTestStderr, type ServerProcess } from '../test-support/server-process.js';
import { startTestServer } from '../test-support/server.js';
import { isDatabaseUnavailable } from './db-faults.js';

const databaseUrl = process.env.DATABASE_URL;
// Under CI the shared PostgreSQL is given: the fault must be exercised, never skipped.
if (process.env.CI === 'true' && databaseUrl === undefined) throw new Error('CI=true needs DATABASE_URL: the database-fault test must run');

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The real server (src/main.ts) as its own process: an unhandled 'error' event would end it. */
async function startNode(env: Record<string, string>): Promise<ServerProcess> {
  // FAULTS_NODE_LOG: the node's log into that file instead of this run's stderr, to read at leisure.
  const log = process.env.FAULTS_NODE_LOG;
  const node = await startServerProcess(
    {
      ...env,
      AUTH_RATE_LIMIT: '0',
      ACTIONS_PER_SECOND: '10000',
      LOG_LEVEL: 'error',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      TIMER_SWEEP_MS: '100',
      // The load spins back to back: the slot's 2.5 s spacing (FEATURES.md §13) would refuse it.
      BANDIT_MIN_SPIN_MS: '0',
    },
    { inheritEnv: true, onStderr: log ? (chunk) => appendFileSync(log, chunk) : toTestStderr },
  );
  cleanups.push(() => node.kill());
  return node;
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A call's status, or 0 when the connection itself failed (the node died or dropped it). */
async function statusOf(call: Promise<{ status: number }>): Promise<number> {
  return call.then(
    (r) => r.status,
    () => 0,
  );
}

interface Answer {
  readonly status: number;
  readonly at: number;
}

describe('what counts as the database being away', () => {
  it.each([
    ['a terminated backend (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a lost connection (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a socket reset under the driver', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a client the pool handed out dead', new Error('Client has encountered a connection error and is not queryable')],
    [
      'drizzle wrapping a dropped connection',
      new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
    ],
    ['a closed embedded database', new Error('PGlite is closed')],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a check violation', Object.assign(new Error('violates check constraint'), { code: '23514' })],
    ['a bug', new TypeError('cannot read properties of undefined')],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the database gone under a running node (PGlite by default, PostgreSQL when set)', () => {
  it('a request answers 503 server/unavailable in the error shape, and the node stays up', async () => {
    const server = await startTestServer();
    try {
      const { access_token: token } = await registerUser(server.url, 'gone_db_user');
      await server.services.store.close();
      const res = await request<{ error: { code: string; message: string } }>(`${server.url}/api/user/users/me`, { token });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('server/unavailable');
      expect((await request(`${server.url}/healthz`)).status).toBe(200);
      expect((await request(`${server.url}/readyz`)).status).toBe(503);
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

describe.runIf(databaseUrl !== undefined)('every backend of a node terminated under load (PostgreSQL)', () => {
  it('the node lives, answers 503 during the fault, then serves, plays on and the books balance', { timeout: 240_000 }, async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const dbUrl = database.url!;
    const node = await startNode({
      DATABASE_URL: dbUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TURN_SECONDS: '60',
      ...(process.env.REDIS_URL ? { REDIS_PREFIX: `durak-test-${randomBytes(4).toString('hex')}` } : {}),
    });

    const spinners: TestPlayer[] = [];
    for (let i = 0; i < 8; i++) spinners.push(await newPlayer(node.url, 'f'));
    const table = [await newPlayer(node.url, 'g'), await newPlayer(node.url, 'g')];
    const roomId = await startedRoom(node.url, table);

    // Bounded load: 8 clients spin one after another, 2 players move in their game, until told to stop.
    const answers: Answer[] = [];
    let keys = 0;
    let isLoaded = true;
    const spinLoop = async (p: TestPlayer) => {
      while (isLoaded) {
        const status = await statusOf(
          request(`${node.url}/api/v1/bandit/spin`, {
            token: p.token,
            body: { bet: '10', balance_type: 'BONUS_BALANCE', idempotency_key: `fault-spin-${++keys}` },
          }),
        );
        answers.push({ status, at: performance.now() });
        if (status === 0) return;
      }
    };
    const random = rng(11);
    const moveLoop = async () => {
      while (isLoaded) {
        for (const p of table) {
          const view = await request<GameView>(`${node.url}/api/v1/rooms/${roomId}/view`, { token: p.token }).catch(() => ({
            status: 0,
            body: undefined,
          }));
          answers.push({ status: view.status, at: performance.now() });
          if (view.status === 0) return;
          if (view.status !== 200 || !view.body) continue;
          const choice = chooseAction(view.body, legalActions(view.body, String(p.id)), random);
          if (!choice) continue;
          const status = await statusOf(
            request(`${node.url}/api/v1/rooms/${roomId}/${choice.type}`, { token: p.token, body: actionBody(choice, view.body.seq) }),
          );
          // A stale seq (409) or a rule refusal (422) is the game's answer, not the fault's.
          answers.push({ status: status === 409 || status === 422 ? 200 : status, at: performance.now() });
        }
      }
    };
    const load = Promise.all([...spinners.map(spinLoop), moveLoop()]);
    await until(() => answers.filter((a) => a.status === 200).length >= 80, 60_000);

    const faultAt = performance.now();
    // Two statements: in one, the planner may evaluate pg_terminate_backend before excluding our own pid.
    const pids = await query<{ pid: number }>(
      dbUrl,
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const terminated = await query<{ pid: number }>(dbUrl, 'select p as pid from unnest($1::int[]) as p where pg_terminate_backend(p)', [
      pids.map((r) => r.pid),
    ]);
    // The load goes on until every client has had a few answers after the fault.
    await until(() => answers.filter((a) => a.at > faultAt).length >= 60 || answers.some((a) => a.status === 0), 60_000);
    isLoaded = false;
    await load;

    const during = answers.filter((a) => a.at > faultAt);
    const unavailable = during.filter((a) => a.status === 503).length;
    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    expect(node.exitCode).toBeNull();
    expect(terminated.length).toBeGreaterThan(0);
    // Every answer is a success or the stable 503: no 500, no dropped connection (status 0).
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    // After the fault: the pool has reconnected and every client is served.
    expect((await request(`${node.url}/readyz`)).body).toMatchObject({ status: 'ready' });
    const after = await Promise.all(
      spinners.map((p) =>
        request(`${node.url}/api/v1/bandit/spin`, {
          token: p.token,
          body: { bet: '10', balance_type: 'BONUS_BALANCE', idempotency_key: `after-spin-${p.id}` },
        }),
      ),
    );
    const succeededAfter = after.filter((r) => r.status === 200).length;
    expect(succeededAfter).toBe(spinners.length);
    // The game that was running through the fault plays to its end.
    await playToEnd(node.url, roomId, table, rng(5));
    const room = await request<{ status: string }>(`${node.url}/api/v1/rooms/${roomId}/view`, { token: table[0]!.token });
    expect(room.body.status).toBe('FINISHED');

    // Nothing half-written: every account sums to zero and matches its ledger lines.
    const [sum] = await query<{ total: string }>(dbUrl, 'select coalesce(sum(balance), 0)::text as total from accounts');
    const mismatched = await query(
      dbUrl,
      `select a.id from accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
    );
    expect(sum?.total).toBe('0');
    expect(mismatched).toEqual([]);
    expect(node.exitCode).toBeNull();

    console.log(
      `database fault: ${terminated.length} backends terminated; ${answers.length} requests in all, ${during.length} answered after the fault while loaded, ` +
        `${unavailable} of them 503; ${succeededAfter}/${spinners.length} spins succeeded after; ledger sum ${sum?.total}`,
    );
  });
});

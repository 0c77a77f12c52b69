import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { newPlayer, playToEnd, rng, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { createTestDatabase } from '../test-support/database.js';
import { request } from '../test-support/http.js';
import { repoRoot, startServerProcess, type ServerProcess } from '../test-support/server-process.js';

// docs/operations.md "Back up and restore": a backup restored into a fresh database, with a server
// started on it, shows every balance and the finished game, read through the API.
const run = promisify(execFile);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('\n*** DATABASE_URL is not set: the pg_dump/pg_restore backup test is NOT running ***\n');

const admin = { username: 'backupadmin', password: 'backup-admin-password' };
const cheap = {
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  AUTH_RATE_LIMIT: '0',
  ACTIONS_PER_SECOND: '10000',
};
const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const cleanup of cleanups) await cleanup();
});

/** What `npm run backup`/`restore` see: the data dir and nothing of this run's DATABASE_URL. */
function scriptEnv(dataDir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
}

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `durak-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ ...cheap, ...env });
  servers.push(server);
  return server;
}

interface History {
  readonly players: readonly TestPlayer[];
  readonly roomId: number;
}

/** Two players finish a game; a third only holds the welcome bonus and an admin's credit on BALANCE. */
async function makeHistory(url: string): Promise<History> {
  const players = [await newPlayer(url, 'bk'), await newPlayer(url, 'bk'), await newPlayer(url, 'bk')];
  const roomId = await startedRoom(url, players.slice(0, 2));
  await playToEnd(url, roomId, players.slice(0, 2), rng(5));
  const credit = await request(`${url}/api/admin/users/${players[2]!.id}/adjust`, {
    token: await signIn(url, admin.username, admin.password),
    body: { wallet_type: 'BALANCE', amount: '12345', reason: 'backup test', idempotency_key: 'backup-test-credit' },
  });
  expect(credit.status).toBe(200);
  return { players, roomId };
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const answer = await request<{ access_token: string }>(`${url}/api/user/login`, { body: { username, password } });
  if (answer.status !== 200) throw new Error(`sign-in of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.access_token;
}

/**
 * What the API shows of the installation, signing in afresh (the restored server may sign with
 * another secret, and the sign-in proves the password hashes came back): each player's own
 * wallets, the admin's page of each player (wallets, last ledger lines, games), the admin's own
 * wallets, the game's record.
 */
async function apiView(url: string, history: History) {
  const adminToken = await signIn(url, admin.username, admin.password);
  const players = [];
  for (const p of history.players) {
    const me = await request<{ wallets: unknown }>(`${url}/api/user/users/me`, { token: await signIn(url, p.username, 'password-123') });
    const page = await request(`${url}/api/admin/users/${p.id}`, { token: adminToken });
    expect([me.status, page.status]).toEqual([200, 200]);
    players.push({ wallets: me.body.wallets, adminPage: page.body });
  }
  const adminMe = await request<{ wallets: unknown }>(`${url}/api/user/users/me`, { token: adminToken });
  players.push({ wallets: adminMe.body.wallets, adminPage: null });
  const watch = await request<{ status: string }>(`${url}/api/v1/rooms/${history.roomId}/watch`, { token: adminToken });
  const record = await request(`${url}/api/v1/rooms/${history.roomId}/record`, { token: adminToken });
  expect([watch.status, watch.body.status, record.status]).toEqual([200, 'FINISHED', 200]);
  return { players, record: record.body };
}

describe('back up and restore', () => {
  it('the embedded database: npm run backup of a stopped server, npm run restore into a fresh data dir, the same balances and game', async () => {
    const source = tempDir('backup-source');
    const target = tempDir('backup-target');
    const file = join(tempDir('backup-file'), 'durak.tar.gz');
    const first = await start({ DATA_DIR: source });
    const history = await makeHistory(first.url);
    const before = await apiView(first.url, history);
    expect(before.players[2]!.wallets).toContainEqual({ wallet_type: 'BALANCE', balance: '12345' });

    // The database a running server has open is refused, not copied half-written.
    const refused = await run(process.execPath, ['scripts/backup.mjs', file], { cwd: repoRoot, env: scriptEnv(source) }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('stop it, then back up') });

    await first.stop();
    await run('npm', ['run', '-s', 'backup', '--', file], { cwd: repoRoot, env: scriptEnv(source) });
    await run('npm', ['run', '-s', 'restore', '--', file], { cwd: repoRoot, env: scriptEnv(target) });
    const second = await start({ DATA_DIR: target });
    expect(await apiView(second.url, history)).toEqual(before);
  }, 120_000);

  it.runIf(databaseUrl !== undefined)(
    'PostgreSQL: pg_dump of a running server, pg_restore into a fresh database, the same balances and game',
    async () => {
      const source = await createTestDatabase();
      const target = await createTestDatabase();
      cleanups.push(source.drop, target.drop);
      const file = join(tempDir('backup-file'), 'durak.dump');
      const first = await start({ DATABASE_URL: source.url!, DATA_DIR: tempDir('backup-node') });
      const history = await makeHistory(first.url);
      const before = await apiView(first.url, history);

      // pg_dump reads one snapshot, so the server may go on running.
      await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${source.url!}`]);
      await first.stop();
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url!}`, file]);
      const second = await start({ DATABASE_URL: target.url!, DATA_DIR: tempDir('backup-node') });
      expect(await apiView(second.url, history)).toEqual(before);
    },
    120_000,
  );
});

import { createTestDatabase } from '../../apps/server/src/test-support/database';
import { freePort } from '../../apps/server/src/test-support/server-process';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from '../../scripts/server-command.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  jwtSecret: string;
  /** Stops the process but keeps its data and port, for resume(). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts the built server (nothing is built here) on 127.0.0.1, a free port and a fresh data dir. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'durak-e2e-'));
  const jwtSecret = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';
  // One installation per test file: with REDIS_URL (under CI) the realtime channels and the
  // sign-in limits live in Redis, and files running side by side must not share them.
  const redisPrefix = `durak-e2e-${port}-${Date.now().toString(36)}`;
  // And its own database: with DATABASE_URL (under CI) every file's server would otherwise seed
  // and share one, and the first file's admin would be the only admin there is.
  const database = await createTestDatabase();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess;

  async function spawnServer(): Promise<void> {
    child = spawn(process.execPath, serverArgs, {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        REDIS_PREFIX: redisPrefix,
        LOG_LEVEL: 'warn',
        // Browser tests buy and spin BALANCE chips without the age dialog; responsible-play's own test turns it on.
        AGE_CHECK: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitForHealth(baseUrl, child, () => log);
  }

  async function kill(): Promise<void> {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  await spawnServer();
  return {
    baseUrl,
    jwtSecret,
    pause: kill,
    resume: spawnServer,
    stop: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

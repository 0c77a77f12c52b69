import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '../realtime/test-support.js';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  /** null while it runs: a test can check that a fault did not end the process. */
  readonly exitCode: number | null;
  /** SIGTERM, then waits for the exit: the database is closed when it resolves. */
  stop(): Promise<void>;
  /** SIGKILL, then waits for the exit: the node dies without a goodbye, as on a crash. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * Pass this process's whole environment on, under the given one. The multi-node tests do: the
   * nodes then see what the run was given (CI's settings, a REDIS_PREFIX, …) as they always have.
   */
  inheritEnv?: boolean;
  /** Each chunk of the server's stderr, e.g. to show its log live; its tail is kept regardless. */
  onStderr?: (chunk: Buffer) => void;
}

/** Shared with e2e/support: an OS-chosen port that is free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The server's stderr echoed into the test run's, where an inherited stderr would show it. */
export const toTestStderr = (chunk: Buffer): void => void process.stderr.write(chunk);

/**
 * The real server process (src/main.ts, from source) on 127.0.0.1 and a free port, with exactly
 * the environment given on top of PATH and HOME (or on top of all of ours with inheritEnv):
 * DATABASE_URL and REDIS_URL only when passed. Without a DATA_DIR it gets a fresh one of its own,
 * removed once the process has ended, so no run writes into the repository's ./data.
 */
export async function startServerProcess(env: Record<string, string>, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'durak-node-')) : undefined;
  const base = options.inheritEnv ? process.env : { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
    cwd: repoRoot,
    env: { ...base, LOG_LEVEL: 'warn', ...env, DATA_DIR: env.DATA_DIR ?? ownDataDir!, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-10_000);
    options.onStderr?.(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${errors}`);
      try {
        return (await fetch(`${url}/healthz`)).ok;
      } catch {
        return false;
      }
    }, 60_000);
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  return {
    url,
    get exitCode() {
      return child.exitCode;
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}

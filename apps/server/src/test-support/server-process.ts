import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { until } from '../realtime/test-support.js';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  /** SIGTERM, then waits for the exit: the database is closed when it resolves. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real server process (src/main.ts, from source) on 127.0.0.1 and a free port, with exactly
 * the environment given on top of PATH and HOME: DATABASE_URL and REDIS_URL only when passed.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-10_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
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
    child.kill('SIGKILL');
    throw error;
  }
  return { url, stop };
}

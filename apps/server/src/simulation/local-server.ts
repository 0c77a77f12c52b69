import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

export interface LocalServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A server in this process for the simulation and the benchmark: the environment's DATABASE_URL
 * and REDIS_URL when set, otherwise the embedded defaults (PGlite in memory, in-memory broker);
 * no auth rate limit and cheap password hashing so hundreds of players register quickly.
 */
export async function startLocalServer(env: NodeJS.ProcessEnv = process.env): Promise<LocalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'durak-sim-'));
  const loaded = loadConfig({
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '0',
    JWT_SECRET: env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    ACTIONS_PER_SECOND: '10000',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    // Simulated players spin and bet as fast as the server answers; no one to ask for an age.
    BANDIT_MIN_SPIN_MS: '0',
    AGE_CHECK: 'off',
  });
  if (!loaded.ok) throw new Error(loaded.message);
  // PGlite in memory: a simulation leaves nothing behind.
  const config = { ...loaded.config, pgliteDir: undefined };
  const built = await buildApp(config, { logger: false });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

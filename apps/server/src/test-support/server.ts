import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions, type BuiltApp } from '../app.js';
import type { SeedResult } from '../catalogue/seed.js';
import type { Config } from '../config.js';
import type { Services } from '../services.js';
import { defaultRoomsConfig } from '../room-core/rooms-config.js';
import { testAdmin } from './credentials.js';
import { createTestStore } from './store.js';

export interface TestServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly seed: SeedResult;
  readonly config: Config;
  close(): Promise<void>;
}

/** The config tests run with: a temp data dir, cheap argon2id, no rate limits, a known admin. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'durak-server-'));
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    pgliteDir: undefined,
    dataDir,
    redisUrl: process.env.REDIS_URL,
    jwtSecret: randomBytes(32).toString('hex'),
    telegramBotToken: '123456:TEST-bot-token',
    publicUrl: undefined,
    adminUsername: testAdmin.username,
    adminPassword: testAdmin.password,
    uploadDir: join(dataDir, 'uploads'),
    webDist: join(dataDir, 'no-web'),
    welcomeBonus: 10_000n,
    referralBonus: 1000n,
    featureFlags: { table_chat: true, voice_chat: false },
    logLevel: 'silent',
    authRateLimit: 0,
    trustProxy: false,
    bodyLimit: 64 * 1024,
    argon2: { memoryCost: 1024, timeCost: 1 },
    accessTokenSeconds: 15 * 60,
    refreshTokenDays: 30,
    // No sweeper by default: timer tests fire deadlines by hand with a controlled clock.
    // Its own Redis namespace: test files run side by side on one Redis.
    rooms: { ...defaultRoomsConfig, sweepIntervalMs: 0, redisPrefix: `durak-test-${randomBytes(4).toString('hex')}` },
    economy: {
      paymentsSandbox: true,
      telegramApiUrl: 'http://127.0.0.1:9',
      telegramWebhookSecret: 'test-webhook-secret',
      chipsPerStar: 100n,
      promoUsesPerMinute: 1000,
    },
    // The age gate is off as in every test environment (AGE_CHECK=off); responsible-play tests turn it on.
    responsible: { ageCheck: false, banditMinSpinMs: 2500, playMinuteMs: 60_000 },
    ...overrides,
  };
}

/**
 * The one place test code builds the app (test-support/rooms-server.ts comes here; a domain's own
 * test-support.ts never does): builds it on the given store and listens on 127.0.0.1 and a random port.
 */
export async function listenApp(
  config: Config,
  options: BuildOptions,
  beforeListen?: (app: FastifyInstance, services: Services) => void | Promise<void>,
): Promise<{ built: BuiltApp; port: number }> {
  const built = await buildApp(config, options);
  await beforeListen?.(built.app, built.services);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return { built, port: address.port };
}

/**
 * Boots the real app on 127.0.0.1 and a random port with a fresh database: PGlite in memory, or a
 * new PostgreSQL database when DATABASE_URL is set (dropped on close).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'store'> & {
    /** Registers more plugins or routes (realtime, rooms, test-only routes) before listening. */
    beforeListen?: (app: FastifyInstance, services: Services) => void | Promise<void>;
  } = {},
): Promise<TestServer> {
  const config = testConfig(overrides);
  const store = await createTestStore();
  const { built, port } = await listenApp(config, { logger: false, ...options, store }, options.beforeListen);
  return {
    url: `http://127.0.0.1:${port}`,
    app: built.app,
    services: built.services,
    seed: built.seed,
    config,
    async close() {
      await built.close();
      await store.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

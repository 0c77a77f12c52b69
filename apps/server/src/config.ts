import { resolve } from 'node:path';
import { username } from '@durak/protocol';
import { z } from 'zod';
import { loadRoomsConfig, type RoomsConfig } from './room-core/rooms-config.js';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** The two flags that ship (SPEC §9): the table chat on, a voice channel off. */
export const DEFAULT_FEATURE_FLAGS = 'table_chat=on,voice_chat=off';

/** `table_chat=on,voice_chat=off` as `{ table_chat: true, voice_chat: false }` (validated by the schema). */
export function parseFeatureFlags(text: string): Record<string, boolean> {
  return Object.fromEntries(
    text
      .split(',')
      .map((pair) => pair.split('=').map((part) => part.trim()))
      .map(([name, value]) => [name!, value === 'on' || value === 'true' || value === '1']),
  );
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), 'must be a redis:// URL'),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  TELEGRAM_BOT_TOKEN: optionalText.refine((v) => v === undefined || /^\d+:[\w-]+$/.test(v), 'must look like 123456:ABC-...'),
  PUBLIC_URL: optionalText.refine((v) => v === undefined || URL.canParse(v), 'must be an absolute URL'),
  // The seeded admin signs in like anyone else, so the name follows the same rules.
  ADMIN_USERNAME: username.optional(),
  ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || v.length >= 8, 'must be at least 8 characters'),
  UPLOAD_DIR: optionalText,
  WEB_DIST: optionalText,
  WELCOME_BONUS: z.string().regex(/^\d+$/, 'must be a whole number of chips').default('10000'),
  REFERRAL_BONUS: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number of chips')
    .default('1000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(1024)
    .default(19 * 1024),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  PAYMENTS_SANDBOX: z.enum(['true', 'false', '1', '0']).default('true'),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_SECRET: optionalText.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{1,256}$/.test(v),
    'must be 1-256 characters A-Z a-z 0-9 _ -',
  ),
  STARS_CHIPS_RATE: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'must be a whole number of chips above 0')
    .default('100'),
  PROMO_USES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  PROMO_USES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  // SPEC §9's feature flags, `name=on|off` separated by commas; the web reads them once at start.
  FEATURE_FLAGS: z
    .string()
    .regex(
      /^\s*[a-z][a-z0-9_]{0,39}\s*=\s*(on|off|true|false|1|0)\s*(,\s*[a-z][a-z0-9_]{0,39}\s*=\s*(on|off|true|false|1|0)\s*)*$/,
      'must be name=on|off pairs separated by commas, e.g. table_chat=on,voice_chat=off',
    )
    .default(DEFAULT_FEATURE_FLAGS),
  BENCH_COUNTERS: z.enum(['true', 'false', '1', '0']).default('false'),
  // Responsible play (FEATURES.md §13): test environments turn the age gate off and shorten the timers.
  AGE_CHECK: z.enum(['on', 'off']).default('on'),
  BANDIT_MIN_SPIN_MS: z.coerce.number().int().min(0).max(60_000).default(2500),
  PLAY_MINUTE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
});

/** Responsible play's settings (FEATURES.md §13). */
export interface ResponsibleConfig {
  /** AGE_CHECK=on: the first money play asks for the player's age. */
  readonly ageCheck: boolean;
  /** BANDIT_MIN_SPIN_MS: the least time between two spins of one player. */
  readonly banditMinSpinMs: number;
  /** PLAY_MINUTE_MS: the "minute" of session limits and reality checks. */
  readonly playMinuteMs: number;
}

/** Deposits, Telegram Stars and promo-code limits (FEATURES.md §2). */
export interface EconomyConfig {
  /** The `sandbox` deposit provider, which pays at once; off in production. */
  readonly paymentsSandbox: boolean;
  /** The Bot API base for Telegram Stars invoices (a test points it at a fake server). */
  readonly telegramApiUrl: string;
  /** The `X-Telegram-Bot-Api-Secret-Token` the payment webhook requires; unset: the webhook refuses everything. */
  readonly telegramWebhookSecret: string | undefined;
  /** Chips bought with one Telegram Star. */
  readonly chipsPerStar: bigint;
  readonly promoUsesPerMinute: number;
  /**
   * Attempts per client address (FEATURES.md §8), whatever account they come from; default three
   * times the per-user allowance, so a household behind one address still gets its codes in.
   */
  readonly promoUsesPerMinutePerAddress?: number | undefined;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  /** postgres://...; absent: PGlite. */
  readonly databaseUrl: string | undefined;
  /** PGlite's directory; absent with no databaseUrl: PGlite in memory (tests). */
  readonly pgliteDir: string | undefined;
  readonly dataDir: string;
  readonly redisUrl: string | undefined;
  /** Absent: generated once and kept in `${dataDir}/jwt-secret`. */
  readonly jwtSecret: string | undefined;
  readonly telegramBotToken: string | undefined;
  readonly publicUrl: string | undefined;
  readonly adminUsername: string | undefined;
  readonly adminPassword: string | undefined;
  readonly uploadDir: string;
  readonly webDist: string;
  readonly welcomeBonus: bigint;
  /** Paid to both an inviter and the invited friend after the friend's first game (BONUS_BALANCE). */
  readonly referralBonus: bigint;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Requests per minute per address on login, registration, refresh and Telegram auth; 0 = off. */
  readonly authRateLimit: number;
  /** GET /bench/counters answers the node's work counters and CPU time (bench/rooms.mjs); off in production. */
  readonly benchCounters?: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits, logs). */
  readonly trustProxy: boolean;
  readonly bodyLimit: number;
  readonly argon2: { readonly memoryCost: number; readonly timeCost: number };
  readonly accessTokenSeconds: number;
  readonly refreshTokenDays: number;
  /** Turn and ready timers, rake, timer sweep, emoji limits (TURN_SECONDS, READY_SECONDS, RAKE_BPS, ...). */
  readonly rooms: RoomsConfig;
  readonly economy: EconomyConfig;
  /** SPEC §9's feature flags from FEATURE_FLAGS, answered by `GET /api/flags`. */
  readonly featureFlags: Readonly<Record<string, boolean>>;
  readonly responsible: ResponsibleConfig;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; message: string };

/**
 * Reads and validates the environment; a bad value names its variable (DESIGN.md §3). A variable
 * set to nothing (`PORT=` in a compose file or an .env template) counts as unset and takes its
 * default: read as a number it was 0, which meant a random port or rate limits silently off.
 * Warnings about a configuration that starts but will misbehave go to `warn`.
 */
export function loadConfig(env: NodeJS.ProcessEnv, warn: (message: string) => void = (message) => console.warn(message)): ConfigResult {
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(setVariables);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    return { ok: false, message: `Invalid configuration:\n${lines.join('\n')}` };
  }
  const settings = parsed.data;
  const rooms = loadRoomsConfig(setVariables);
  if (!rooms.ok) return rooms;
  const dataDir = resolve(settings.DATA_DIR);
  if (!settings.JWT_SECRET && (settings.DATABASE_URL || settings.REDIS_URL)) {
    // A shared database or Redis means other nodes may serve the same users; a secret generated
    // per node makes each refuse the others' tokens. Not refused outright: a single node on
    // PostgreSQL is a valid deployment, and its generated secret is kept in DATA_DIR.
    warn(
      `WARNING: JWT_SECRET is not set while ${settings.DATABASE_URL ? 'DATABASE_URL' : 'REDIS_URL'} is: this node signs tokens with a secret ` +
        `of its own (${resolve(dataDir, 'jwt-secret')}), and every other node sharing the database refuses them. ` +
        'Set the same JWT_SECRET (at least 32 characters) on every node.',
    );
  }
  return {
    ok: true,
    config: {
      port: settings.PORT,
      host: settings.HOST,
      databaseUrl: settings.DATABASE_URL,
      pgliteDir: settings.DATABASE_URL ? undefined : resolve(dataDir, 'pg'),
      dataDir,
      redisUrl: settings.REDIS_URL,
      jwtSecret: settings.JWT_SECRET,
      telegramBotToken: settings.TELEGRAM_BOT_TOKEN,
      publicUrl: settings.PUBLIC_URL,
      adminUsername: settings.ADMIN_USERNAME,
      adminPassword: settings.ADMIN_PASSWORD,
      uploadDir: resolve(settings.UPLOAD_DIR ?? resolve(dataDir, 'uploads')),
      webDist: resolve(settings.WEB_DIST ?? 'apps/web/dist'),
      welcomeBonus: BigInt(settings.WELCOME_BONUS),
      referralBonus: BigInt(settings.REFERRAL_BONUS),
      logLevel: settings.LOG_LEVEL,
      authRateLimit: settings.AUTH_RATE_LIMIT,
      benchCounters: settings.BENCH_COUNTERS === 'true' || settings.BENCH_COUNTERS === '1',
      trustProxy: settings.TRUST_PROXY === 'true' || settings.TRUST_PROXY === '1',
      bodyLimit: settings.BODY_LIMIT,
      argon2: { memoryCost: settings.ARGON2_MEMORY_KIB, timeCost: settings.ARGON2_TIME_COST },
      accessTokenSeconds: 15 * 60,
      refreshTokenDays: 30,
      rooms: rooms.config,
      economy: {
        paymentsSandbox: settings.PAYMENTS_SANDBOX === 'true' || settings.PAYMENTS_SANDBOX === '1',
        telegramApiUrl: settings.TELEGRAM_API_URL.replace(/\/+$/, ''),
        telegramWebhookSecret: settings.TELEGRAM_WEBHOOK_SECRET,
        chipsPerStar: BigInt(settings.STARS_CHIPS_RATE),
        promoUsesPerMinute: settings.PROMO_USES_PER_MINUTE,
        promoUsesPerMinutePerAddress: settings.PROMO_USES_PER_MINUTE_PER_ADDRESS,
      },
      featureFlags: parseFeatureFlags(settings.FEATURE_FLAGS),
      responsible: {
        ageCheck: settings.AGE_CHECK === 'on',
        banditMinSpinMs: settings.BANDIT_MIN_SPIN_MS,
        playMinuteMs: settings.PLAY_MINUTE_MS,
      },
    },
  };
}

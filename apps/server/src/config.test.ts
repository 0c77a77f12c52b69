import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from './config.js';
import { defaultRoomsConfig } from './room-core/rooms-config.js';

describe('configuration', () => {
  it('starts with defaults from an empty environment', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.config.port).toBe(3000);
      expect(result.config.welcomeBonus).toBe(10000n);
      expect(result.config.pgliteDir).toMatch(/data\/pg$/);
    }
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['WELCOME_BONUS', '-5'],
    ['JWT_SECRET', 'short'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_USERNAME', 'the admin'],
    ['ADMIN_USERNAME', 'ad'],
    ['ADMIN_USERNAME', '<script>'],
  ])('a bad %s (%s) stops start-up with a message naming it', (name, value) => {
    const result = loadConfig({ [name]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(name);
  });

  it('an ADMIN_USERNAME in any alphabet is fine, as for every user', () => {
    const result = loadConfig({ ADMIN_USERNAME: 'Админ' });
    expect(result.ok && result.config.adminUsername).toBe('Админ');
  });

  // A compose file's `PORT=` or `AUTH_RATE_LIMIT=` was read as 0: a random port, or rate limits off.
  it.each([
    ['PORT', (c: Config) => c.port, 3000],
    ['AUTH_RATE_LIMIT', (c: Config) => c.authRateLimit, 30],
    ['BODY_LIMIT', (c: Config) => c.bodyLimit, 64 * 1024],
    ['WELCOME_BONUS', (c: Config) => c.welcomeBonus, 10000n],
    ['TIMER_SWEEP_MS', (c: Config) => c.rooms.sweepIntervalMs, defaultRoomsConfig.sweepIntervalMs],
  ])('an empty %s counts as unset and takes the default', (name, read, expected) => {
    for (const empty of ['', '  ']) {
      const result = loadConfig({ [name]: empty });
      expect(result.ok, `${name}=${JSON.stringify(empty)}`).toBe(true);
      if (result.ok) expect(read(result.config)).toBe(expected);
    }
  });

  describe('JWT_SECRET when nodes may share a database or Redis', () => {
    const shared = { DATABASE_URL: 'postgres://db.internal/durak', REDIS_URL: 'redis://cache.internal:6379' };

    it.each([
      ['DATABASE_URL', { DATABASE_URL: shared.DATABASE_URL }],
      ['REDIS_URL', { REDIS_URL: shared.REDIS_URL }],
    ])('with %s and no JWT_SECRET it warns, naming JWT_SECRET (each node would sign with its own secret)', (_name, env) => {
      const warnings: string[] = [];
      expect(loadConfig(env, (message) => warnings.push(message)).ok).toBe(true);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('JWT_SECRET');
    });

    it('with a JWT_SECRET, or with nothing shared, it says nothing', () => {
      const warnings: string[] = [];
      loadConfig({ ...shared, JWT_SECRET: 'j'.repeat(32) }, (message) => warnings.push(message));
      loadConfig({}, (message) => warnings.push(message));
      expect(warnings).toEqual([]);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

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
  ])('a bad %s stops start-up with a message naming it', (name, value) => {
    const result = loadConfig({ [name]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(name);
  });
});

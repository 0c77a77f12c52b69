import { describe, expect, it } from 'vitest';
import { defaultRoomsConfig, loadRoomsConfig } from './rooms-config.js';

describe('BOT_DELAY_MS', () => {
  it('is a range of ms, or one number for a fixed pause; 600-1500 by default', () => {
    const read = (value: string | undefined) => {
      const loaded = loadRoomsConfig(value === undefined ? {} : { BOT_DELAY_MS: value });
      return loaded.ok ? loaded.config.botDelayMs : loaded.message;
    };
    expect(read(undefined)).toEqual({ min: 600, max: 1500 });
    expect(defaultRoomsConfig.botDelayMs).toEqual({ min: 600, max: 1500 });
    expect(read('200-900')).toEqual({ min: 200, max: 900 });
    expect(read('0')).toEqual({ min: 0, max: 0 });
    expect(read('900-200')).toContain('BOT_DELAY_MS');
    expect(read('fast')).toContain('BOT_DELAY_MS');
  });
});

describe('STAND_IN_SECONDS', () => {
  it('is how long a player may be away before the computer plays their seat: 20 s by default, a bad value names the variable', () => {
    const read = (value: string | undefined) => {
      const loaded = loadRoomsConfig(value === undefined ? {} : { STAND_IN_SECONDS: value });
      return loaded.ok ? loaded.config.standInSeconds : loaded.message;
    };
    expect(read(undefined)).toBe(20);
    expect(read('5')).toBe(5);
    expect(read('-1')).toContain('STAND_IN_SECONDS');
    expect(read('soon')).toContain('STAND_IN_SECONDS');
  });
});

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

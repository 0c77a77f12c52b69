import { describe, expect, it } from 'vitest';
import { createMemoryRateWindows } from '../limits/index.js';
import { createActionLimiter } from './action-limiter.js';

describe('action limiter', () => {
  it('lets through the allowed number per second per user, then refuses until the next second', async () => {
    let t = 0;
    const limiter = createActionLimiter(
      3,
      createMemoryRateWindows(() => t),
    );
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.isLimited(7));
    expect(verdicts).toEqual([false, false, false, true]);
    expect(await limiter.isLimited(8)).toBe(false);
    t = 1000;
    expect(await limiter.isLimited(7)).toBe(false);
  });
});

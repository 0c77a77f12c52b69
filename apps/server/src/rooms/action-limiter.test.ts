import { describe, expect, it } from 'vitest';
import { createActionLimiter } from './action-limiter.js';

describe('action limiter', () => {
  it('lets through the allowed number per second per user, then refuses until the next second', () => {
    let t = 0;
    const limiter = createActionLimiter(3, () => t);
    expect([1, 2, 3, 4].map(() => limiter.isLimited(7))).toEqual([false, false, false, true]);
    expect(limiter.isLimited(8)).toBe(false);
    t = 1000;
    expect(limiter.isLimited(7)).toBe(false);
  });
});

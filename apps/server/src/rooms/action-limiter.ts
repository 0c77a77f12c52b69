import type { RateWindows } from '../limits/index.js';

/**
 * Actions per user per second (DESIGN.md §9: rate limits on actions). A person never needs more
 * than a few; a runaway client is refused before it reaches the database. Counted in the shared
 * windows, so every node of an installation grants the allowance once.
 */
export function createActionLimiter(perSecond: number, windows: RateWindows) {
  return {
    async isLimited(userId: number): Promise<boolean> {
      return !(await windows.take(`action:${userId}`, perSecond, 1000));
    },
  };
}

/**
 * Actions per user per second on this node (DESIGN.md §9: rate limits on actions). A person
 * never needs more than a few; a runaway client is refused before it reaches the database.
 */
export function createActionLimiter(perSecond: number, now: () => number = Date.now) {
  const windows = new Map<number, { start: number; count: number }>();
  return {
    isLimited(userId: number): boolean {
      const t = now();
      const w = windows.get(userId);
      if (!w || t - w.start >= 1000) {
        if (windows.size > 50_000) windows.clear();
        windows.set(userId, { start: t, count: 1 });
        return false;
      }
      w.count++;
      return w.count > perSecond;
    },
  };
}

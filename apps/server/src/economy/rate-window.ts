/**
 * At most `limit` calls per user in each window on this node: enough for a person typing, and a
 * script guessing codes is refused before it reaches the database.
 */
export function createRateWindow(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<number, { start: number; count: number }>();
  return {
    isLimited(userId: number): boolean {
      const t = now();
      const w = windows.get(userId);
      if (!w || t - w.start >= windowMs) {
        if (windows.size > 50_000) windows.clear();
        windows.set(userId, { start: t, count: 1 });
        return limit < 1;
      }
      w.count++;
      return w.count > limit;
    },
  };
}

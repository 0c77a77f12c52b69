/**
 * Wrong private-room passwords per user and room. Without a limit a stranger could try passwords
 * on `seat`, on the `X-Room-Password` header of a watch, or on a room-channel subscribe as fast
 * as the server answers — guessing a short password, and costing an scrypt run each. After
 * `maxFailures` wrong tries within `windowMs` the room refuses that user's tries (right or wrong)
 * until the oldest failure leaves the window. Per node and in memory, like the action limiter.
 */
export interface PasswordAttempts {
  isBlocked(userId: number, roomId: number): boolean;
  recordFailure(userId: number, roomId: number): void;
}

export function createPasswordAttempts(maxFailures = 5, windowMs = 60_000, now: () => number = Date.now): PasswordAttempts {
  const failures = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const since = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  return {
    isBlocked: (userId, roomId) => recent(`${userId}:${roomId}`).length >= maxFailures,
    recordFailure(userId, roomId) {
      const key = `${userId}:${roomId}`;
      // Bounded: a flood of keys forgets the oldest rather than growing without end.
      if (failures.size > 100_000) failures.delete(failures.keys().next().value!);
      failures.set(key, [...recent(key), now()]);
    },
  };
}

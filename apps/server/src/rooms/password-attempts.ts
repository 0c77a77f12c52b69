import type { RateWindows } from '../limits/index.js';

/**
 * Wrong private-room passwords per user and room. Without a limit a stranger could try passwords
 * on `seat`, on the `X-Room-Password` header of a watch, or on a room-channel subscribe as fast
 * as the server answers — guessing a short password, and costing an scrypt run each. After
 * `maxFailures` wrong tries within `windowMs` the room refuses that user's tries (right or wrong)
 * until the oldest failure leaves the window. Counted in the shared windows (Redis when there is
 * one), so another node does not grant a fresh set of tries.
 */
export interface PasswordAttempts {
  isBlocked(userId: number, roomId: number): Promise<boolean>;
  recordFailure(userId: number, roomId: number): Promise<void>;
}

export function createPasswordAttempts(windows: RateWindows, maxFailures = 5, windowMs = 60_000): PasswordAttempts {
  const keyOf = (userId: number, roomId: number) => `room-password:${userId}:${roomId}`;
  return {
    isBlocked: async (userId, roomId) => (await windows.count(keyOf(userId, roomId), windowMs)) >= maxFailures,
    recordFailure: (userId, roomId) => windows.add(keyOf(userId, roomId), windowMs),
  };
}

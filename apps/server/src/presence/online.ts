import type { RealtimeChannels } from '../publishing/outbox.js';

/**
 * Whether the user has a realtime connection on any node (the broker's presence of `#{id}`).
 * Presence is a nicety: when the broker cannot answer, the user shows offline rather than the
 * page failing. Friends, the user search and the referrals list read it.
 */
export async function isUserOnline(realtime: Pick<RealtimeChannels, 'presence'>, userId: number): Promise<boolean> {
  try {
    return (await realtime.presence(`#${userId}`)).users.length > 0;
  } catch {
    return false;
  }
}

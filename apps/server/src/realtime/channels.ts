/** `unknown_channel` answers 102, `false` answers 103 (permission denied). */
export type SubscribeDecision = boolean | 'unknown_channel';

/**
 * `data` is the subscribe request's own data (the client's subscription `data` option), e.g. the
 * password of a private room that a spectator was asked for; undefined when none was sent.
 */
export type CanSubscribe = (userId: string, channel: string, data?: unknown) => Promise<SubscribeDecision> | SubscribeDecision;

export interface ChannelOptions {
  /** Presence is kept: a room's seats show who is connected, a user's channel whether they are online. */
  hasPresence: boolean;
  /** Joins and leaves are pushed to the channel's subscribers (default: when presence is kept). */
  hasJoinLeave?: boolean;
}

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The channel rules of DESIGN.md section 6. A service may wrap it with a stricter check. */
export function defaultCanSubscribe(userId: string, channel: string): SubscribeDecision {
  if (channel === 'lobby') return true;
  if (channel.startsWith('#')) {
    // A user-limited channel, as in Centrifugo: `#` followed by the one user who may read it.
    return channel.slice(1) === userId;
  }
  const colon = channel.indexOf(':');
  if (colon === -1) return 'unknown_channel';
  const namespace = channel.slice(0, colon);
  const id = channel.slice(colon + 1);
  if ((namespace === 'room' || namespace === 'tournament') && idPattern.test(id)) return true;
  return 'unknown_channel';
}

export function defaultChannelOptions(channel: string): ChannelOptions {
  // A room's presence shows who sits connected; a user's own channel's presence says whether that
  // user is online at all (the friends page), since every signed-in client subscribes to it.
  // Nobody but the user reads their own channel, so its joins and leaves would be noise.
  if (channel.startsWith('#')) return { hasPresence: true, hasJoinLeave: false };
  return { hasPresence: channel.startsWith('room:') };
}

/** Whether a channel pushes joins and leaves: when it says so, else when it keeps presence. */
export const pushesJoinLeave = (options: ChannelOptions): boolean => options.hasJoinLeave ?? options.hasPresence;

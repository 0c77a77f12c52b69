import { personalChannel, useChannel, type MessageHandler } from './realtime';
import { useUserId } from './user-query';

/**
 * The signed-in player's own channel (`#{userId}`, DESIGN §6) for a component that reacts to its
 * messages: the one place that works out which channel that is, and none while signed out. Every
 * reader shares the one subscription `subscribe` keeps per channel.
 */
export function usePersonalChannel(onMessage: MessageHandler<`#${string}`>): void {
  const userId = useUserId();
  useChannel(userId === undefined ? null : personalChannel(userId), onMessage);
}

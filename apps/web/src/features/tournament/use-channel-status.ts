import { useMemo, useRef, useState } from 'react';
import { useRealtimeStore, type ConnectionState, type SubscribeOptions } from '../../net/realtime';

/**
 * SPEC §3: the tournament's own realtime status, `disconnected` until its channel is subscribed.
 * It follows both the connection and the channel's subscription (pass `watch` to the page's
 * useChannel); `onResubscribed` fires when the channel comes back after a drop, so the page can
 * read what it missed.
 */
export function useChannelStatus(onResubscribed: () => void): { status: ConnectionState; watch: SubscribeOptions } {
  const connection = useRealtimeStore((s) => s.state);
  const [subscription, setSubscription] = useState<string>('unsubscribed');
  // Read when it fires: a new function each render must not resubscribe the channel.
  const resubscribed = useRef(onResubscribed);
  resubscribed.current = onResubscribed;
  const wasSubscribed = useRef(false);
  const watch = useMemo<SubscribeOptions>(
    () => ({
      onState: (state) => setSubscription(state),
      onSubscribed: () => {
        if (wasSubscribed.current) resubscribed.current();
        wasSubscribed.current = true;
      },
    }),
    [],
  );
  const status: ConnectionState =
    connection !== 'connected'
      ? connection
      : subscription === 'subscribed'
        ? 'connected'
        : subscription === 'subscribing'
          ? 'connecting'
          : 'disconnected';
  return { status, watch };
}

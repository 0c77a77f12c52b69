import type { Subscription } from 'centrifuge';
import { useEffect, useRef, useState } from 'react';
import { connectRealtime, useRealtimeStore, type ConnectionState } from '../../net/realtime';

/**
 * SPEC §3: the tournament's own realtime status, `disconnected` until its channel is subscribed.
 * It follows both the connection and the channel's subscription; `onResubscribed` fires when the
 * channel comes back after a drop, so the page can read what it missed.
 */
export function useChannelStatus(channel: string | null, onResubscribed: () => void): ConnectionState {
  const connection = useRealtimeStore((s) => s.state);
  const [subscription, setSubscription] = useState<string>('unsubscribed');
  // Read when it fires: a new function each render must not resubscribe the listener.
  const resubscribed = useRef(onResubscribed);
  resubscribed.current = onResubscribed;

  useEffect(() => {
    setSubscription('unsubscribed');
    if (!channel) return;
    let sub: Subscription | null = null;
    let wasSubscribed = false;
    let isCancelled = false;
    const onState = () => {
      if (!sub) return;
      setSubscription(sub.state);
      if (String(sub.state) === 'subscribed') {
        if (wasSubscribed) resubscribed.current();
        wasSubscribed = true;
      }
    };
    // The page subscribes through useChannel first; that subscription is created in the same
    // promise chain, ahead of this callback, so the shared subscription exists by now.
    void connectRealtime().then((client) => {
      if (isCancelled) return;
      sub = client.getSubscription(channel);
      if (!sub) return;
      sub.on('state', onState);
      wasSubscribed = String(sub.state) === 'subscribed';
      setSubscription(sub.state);
    });
    return () => {
      isCancelled = true;
      sub?.removeListener('state', onState);
    };
  }, [channel]);

  if (connection !== 'connected') return connection;
  if (subscription === 'subscribed') return 'connected';
  return subscription === 'subscribing' ? 'connecting' : 'disconnected';
}

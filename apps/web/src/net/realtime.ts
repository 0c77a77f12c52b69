// The client library loads with the first connection, keeping it out of the start route's bundle.
import type { Centrifuge, PublicationContext, Subscription } from 'centrifuge';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { MessageOfChannel } from './publications';
import { accessToken } from './session';
import { renewSession } from './http';

/** SPEC §4: the connection's states as the UI shows them. */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected';

interface RealtimeState {
  state: ConnectionState;
  /** Set once a connection has been lost; a quiet "reconnecting" notice shows while connecting. */
  hasDropped: boolean;
}

export const useRealtimeStore = create<RealtimeState>()(() => ({ state: 'disconnected', hasDropped: false }));

/** SPEC §9: the centrifuge client defaults. */
export const REALTIME_OPTIONS = { timeout: 5000, minReconnectDelay: 500, maxReconnectDelay: 20000, maxServerPingDelay: 10000 } as const;

let connecting: Promise<Centrifuge> | null = null;
const listeners = new Map<string, number>();

export function realtimeEndpoint(loc: Location = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/connection/websocket`;
}

/** Connects once signed in; the access token is the connection token and refreshes through getToken. */
export function connectRealtime(options: { endpoint?: string; websocket?: unknown } = {}): Promise<Centrifuge> {
  connecting ??= import('centrifuge').then(({ Centrifuge, UnauthorizedError }) => {
    const made = new Centrifuge(options.endpoint ?? realtimeEndpoint(), {
      ...REALTIME_OPTIONS,
      ...(options.websocket ? { websocket: options.websocket } : {}),
      token: accessToken() ?? '',
      getToken: async () => {
        try {
          return await renewSession();
        } catch {
          // The session is gone: centrifuge stops reconnecting on this error.
          throw new UnauthorizedError('session ended');
        }
      },
    });
    made.on('state', (ctx) => {
      useRealtimeStore.setState((prev) => ({
        state: ctx.newState as ConnectionState,
        hasDropped: prev.hasDropped || (ctx.oldState === 'connected' && ctx.newState !== 'connected'),
      }));
    });
    made.on('connected', () => useRealtimeStore.setState({ hasDropped: false }));
    made.connect();
    return made;
  });
  return connecting;
}

export function disconnectRealtime(): void {
  const pending = connecting;
  connecting = null;
  listeners.clear();
  useRealtimeStore.setState({ state: 'disconnected', hasDropped: false });
  void pending?.then((c) => c.disconnect());
}

/** What a subscribe sends along: `data` reaches the server's channel rule (a private room's password). */
export interface SubscribeOptions {
  data?: unknown;
  /**
   * Called each time the server confirms the subscription. What changed between a page's first
   * read and this moment was published before the channel was ours: a reader re-reads here.
   */
  onSubscribed?: () => void;
  /** Follows the subscription's state (told the current one at once): a page's live indicator. */
  onState?: (state: 'unsubscribed' | 'subscribing' | 'subscribed') => void;
}

/** What a channel's subscriber is called with: a message already checked against its schema. */
export type MessageHandler<C extends string> = (message: MessageOfChannel<C>, ctx: PublicationContext) => void;

/**
 * Subscribes to a channel and calls onMessage for each publication that parses with the
 * channel's schema (net/publications.ts; the schemas load with the client, off the start
 * route); the returned function unsubscribes. Channels are shared: a second subscriber reuses
 * the existing subscription.
 */
export function subscribe<C extends string>(channel: C, onMessage: MessageHandler<C>, options: SubscribeOptions = {}): () => void {
  let isCancelled = false;
  let release = () => {
    isCancelled = true;
  };
  void Promise.all([connectRealtime(), import('./publications')]).then(([c, { readPublication }]) => {
    if (isCancelled) return;
    const handler = (ctx: PublicationContext) => {
      const message = readPublication(channel, ctx.data);
      if (message) onMessage(message, ctx);
    };
    const existing = c.getSubscription(channel);
    const sub: Subscription = existing ?? c.newSubscription(channel, options.data === undefined ? {} : { data: options.data });
    sub.on('publication', handler);
    const onSubscribed = () => options.onSubscribed?.();
    sub.on('subscribed', onSubscribed);
    const onState = () => options.onState?.(sub.state as 'unsubscribed' | 'subscribing' | 'subscribed');
    sub.on('state', onState);
    listeners.set(channel, (listeners.get(channel) ?? 0) + 1);
    if (sub.state === 'unsubscribed') {
      // A subscription the server refused (a private room before its password) retries with the new data.
      if (existing && options.data !== undefined) sub.setData(options.data);
      sub.subscribe();
    }
    onState();
    release = () => {
      sub.removeListener('publication', handler);
      sub.removeListener('subscribed', onSubscribed);
      sub.removeListener('state', onState);
      const left = (listeners.get(channel) ?? 1) - 1;
      if (left > 0) {
        listeners.set(channel, left);
        return;
      }
      listeners.delete(channel);
      sub.unsubscribe();
      c.removeSubscription(sub);
    };
  });
  return () => release();
}

/** React hook over subscribe(): follows the latest handler without resubscribing; new data resubscribes. */
export function useChannel<C extends string>(channel: C | null, onMessage: MessageHandler<C>, options: SubscribeOptions = {}): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const subscribed = useRef(options.onSubscribed);
  subscribed.current = options.onSubscribed;
  const stateOf = useRef(options.onState);
  stateOf.current = options.onState;
  const dataKey = options.data === undefined ? '' : JSON.stringify(options.data);
  useEffect(() => {
    if (!channel) return;
    const data: unknown = dataKey === '' ? undefined : JSON.parse(dataKey);
    const onSubscribed = () => subscribed.current?.();
    const onState = (state: 'unsubscribed' | 'subscribing' | 'subscribed') => stateOf.current?.(state);
    return subscribe(
      channel,
      (message, ctx) => handler.current(message, ctx),
      data === undefined ? { onSubscribed, onState } : { data, onSubscribed, onState },
    );
  }, [channel, dataKey]);
}

/** The personal channel of DESIGN §6. */
export function personalChannel(userId: number | string): `#${string}` {
  return `#${userId}`;
}

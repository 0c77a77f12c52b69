import type { ChatMessage, ChatRoomMessage } from '@durak/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chatApi } from './chat-api';
import { readMuted, setMuted } from './muted-players';
import { queryKeys } from '../../../net/query-keys';

/** How long a message stays beside its sender's seat. */
export const BUBBLE_MS = 4500;
/** The panel keeps as many as the server's history returns after a reload. */
const KEPT = 50;

/** Messages by id, oldest first, at most the last `KEPT`: the history read and the live ones, each once. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-KEPT);
}

export interface Bubble {
  readonly key: number;
  readonly message: ChatMessage;
}

/**
 * The table chat's state: the last messages (read from the server, then live from the room
 * channel), the bubble showing beside each sender's seat, and the players muted on this device.
 */
export function useTableChat(roomId: string, password: () => string | undefined = () => undefined) {
  const history = useQuery({ queryKey: queryKeys.chat.history(roomId), queryFn: () => chatApi.history(roomId, password()), staleTime: 0 });
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [bubbles, setBubbles] = useState<Record<string, Bubble>>({});
  const [muted, setMutedState] = useState(readMuted);
  const counter = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const messages = useMemo(() => mergeMessages(history.data ?? [], live), [history.data, live]);
  const visible = useMemo(() => messages.filter((m) => !muted.has(m.from.user_id)), [messages, muted]);

  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  const receive = useCallback((event: ChatRoomMessage) => {
    const { type: _type, room_id: _room, ...message } = event;
    setLive((prev) => mergeMessages(prev, [message]));
    if (mutedRef.current.has(message.from.user_id)) return;
    const sender = String(message.from.user_id);
    counter.current += 1;
    const key = counter.current;
    setBubbles((prev) => ({ ...prev, [sender]: { key, message } }));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setBubbles((prev) => {
        if (prev[sender]?.key !== key) return prev;
        const { [sender]: _gone, ...rest } = prev;
        return rest;
      });
    }, BUBBLE_MS);
    timers.current.add(timer);
  }, []);

  const toggleMute = useCallback((userId: number) => {
    setMutedState((prev) => setMuted(prev, userId, !prev.has(userId)));
    setBubbles((prev) => {
      const { [String(userId)]: _gone, ...rest } = prev;
      return rest;
    });
  }, []);

  // What the server had when the table opened: the unread count starts after it.
  const openedAt = history.isSuccess ? (history.data.at(-1)?.id ?? 0) : null;
  return { messages: visible, allMessages: messages, bubbles, muted, receive, toggleMute, refresh: history.refetch, openedAt, password };
}

export type TableChatState = ReturnType<typeof useTableChat>;

import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiFailure } from '../../net/api-error';
import { usePersonalChannel } from '../../net/personal-channel';
import { useChannel, useRealtimeStore } from '../../net/realtime';
import { useUserId } from '../../net/user-query';
import { tableApi } from './table-api';
import { needsRead } from './table-events';
import { EMPTY_TABLE, isViewBehind, tableReducer, type TableMessage, type TableState } from './table-reducer';
import type { RoomMessage, WatchState } from '@durak/protocol';

/** Listeners for each room publication: sounds, vibration, card flights and emoji follow the stream. */
export type EventListener = (event: RoomMessage, before: WatchState, after: WatchState) => void;

/** A private room the caller has no seat in: the table is shown only for its password. */
export function isPasswordQuestion(error: unknown): boolean {
  if (!error) return false;
  const { code } = toApiFailure(error);
  return code === 'room/password_required' || code === 'room/wrong_password';
}

/** How long the view of a step the table already shows may take before the table is read again. */
const VIEW_GRACE_MS = 300;

/**
 * The table's state (`tableReducer`) fed by the room's and the caller's channels, and the reads
 * that recover what they missed: a seq gap, a room change, a lost connection or an owed view
 * re-reads watch and view (DESIGN §1).
 */
export function useTable(roomId: string, onEvent?: EventListener) {
  const me = String(useUserId() ?? '');
  const [state, setState] = useState<TableState>(EMPTY_TABLE);
  // The state outside React's batching, so publications apply in order exactly once.
  const current = useRef<TableState>(EMPTY_TABLE);
  const listener = useRef(onEvent);
  listener.current = onEvent;
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  // A private room's password, once the caller gave the right one: its reads and its channel need it.
  const password = useRef<string | undefined>(undefined);
  const [channelPassword, setChannelPassword] = useState<string | undefined>(undefined);
  const viewCheck = useRef<ReturnType<typeof setTimeout> | null>(null);

  const dispatch = useCallback((message: TableMessage): TableState => {
    current.current = tableReducer(current.current, message);
    setState(current.current);
    return current.current;
  }, []);

  const readAll = useCallback((): Promise<void> => {
    if (reading.current) {
      again.current = true;
      return reading.current;
    }
    const run = async () => {
      try {
        const watch = await tableApi.watch(roomId, password.current);
        const isRunning = watch.status === 'in_progress' || watch.status === 'FINISHED';
        const view = me in watch.seats && isRunning ? await tableApi.view(roomId).catch(() => null) : null;
        dispatch({ type: 'read', watch, view });
      } catch (error) {
        dispatch({ type: 'read_failed', error });
      }
    };
    reading.current = run().finally(() => {
      reading.current = null;
      if (again.current) {
        again.current = false;
        void readAll();
      }
    });
    return reading.current;
  }, [roomId, me, dispatch]);

  const follow = useCallback(
    (message: TableMessage) => {
      const next = dispatch(message);
      if (next.isStale) void readAll();
      else if (isViewBehind(next, me) && !viewCheck.current) {
        viewCheck.current = setTimeout(() => {
          viewCheck.current = null;
          if (isViewBehind(current.current, me)) void readAll();
        }, VIEW_GRACE_MS);
      }
    },
    [dispatch, readAll, me],
  );

  useEffect(() => {
    current.current = EMPTY_TABLE;
    password.current = undefined;
    setChannelPassword(undefined);
    setState(EMPTY_TABLE);
    void readAll();
  }, [readAll]);
  useEffect(
    () => () => {
      if (viewCheck.current) clearTimeout(viewCheck.current);
    },
    [],
  );

  /** Reads the private room's table with this password; true when it was right. */
  const watchWithPassword = useCallback(
    async (given: string): Promise<boolean> => {
      password.current = given;
      await readAll();
      // A read already under way when the password came is followed by one with it: wait for that.
      while (reading.current) await reading.current;
      if (current.current.error !== null) {
        password.current = undefined;
        return false;
      }
      // The channel refused this user without it: it resubscribes with the password as its data.
      setChannelPassword(given);
      return true;
    },
    [readAll],
  );

  // Subscribed (again): a seat or a move made before the channel was ours is read now, not missed.
  const roomChannel = {
    onSubscribed: () => void readAll(),
    ...(channelPassword === undefined ? {} : { data: { password: channelPassword } }),
  };
  useChannel(
    `room:${roomId}`,
    (event) => {
      const before = current.current.watch;
      follow({ type: 'room', event, me });
      const after = current.current.watch;
      // An applied event, or one that carries no table data (an emoji, a chat message, a seat change) but is still heard.
      const isSignal = event.type === 'emoji' || event.type === 'chat' || needsRead(event);
      if (before && after && (after !== before || isSignal)) listener.current?.(event, before, after);
    },
    roomChannel,
  );

  // Wallet changes on this channel are followed app-wide (app/realtime-link.tsx), tournament
  // seatings and byes by the tournament page, friend news by features/friends/friends-live.tsx, a
  // referral bonus by its toast: the table takes its own room's hand, view and seat news.
  usePersonalChannel((event) => {
    if (
      event.type === 'wallet' ||
      event.type === 'wallet_changed' ||
      event.type === 'tournament_seated' ||
      event.type === 'tournament_bye' ||
      event.type === 'referral_bonus'
    )
      return;
    if (event.type === 'friend_request' || event.type === 'friend_accepted' || event.type === 'room_invite') return;
    // A reality check is for every screen (responsible-play's dialog), not this table.
    if (event.type === 'reality_check') return;
    // A rematch offer names the new room; it belongs to the table of the game it follows.
    const about = event.type === 'rematch_offered' ? event.from_room_id : event.room_id;
    if (String(about) === roomId) follow({ type: 'personal', event });
  });

  // A connection that came back may have missed publications beyond the channel's history.
  const connection = useRealtimeStore((s) => s.state);
  const wasDropped = useRef(false);
  useEffect(() => {
    if (connection !== 'connected') {
      wasDropped.current = true;
      return;
    }
    if (wasDropped.current) {
      wasDropped.current = false;
      void readAll();
    }
  }, [connection, readAll]);
  useEffect(() => {
    const onOnline = () => void readAll();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [readAll]);

  const playCard = useCallback((card: TableState['hand'][number]) => void dispatch({ type: 'card_played', card }), [dispatch]);

  // The table chat's reads follow the watch rule too: a private room's spectator sends the password.
  const roomPassword = useCallback(() => password.current, []);
  const dismissPlayedFor = useCallback(() => void dispatch({ type: 'played_for_seen' }), [dispatch]);

  return { ...state, me, readAll, playCard, watchWithPassword, roomPassword, dismissPlayedFor };
}

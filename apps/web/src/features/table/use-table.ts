import type { Card, GameView } from '@durak/engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../net/api';
import { toApiFailure } from '../../net/api-error';
import { personalChannel, useChannel, useRealtimeStore } from '../../net/realtime';
import { useUserStore } from '../../state/user-store';
import { tableApi } from './table-api';
import { applyRoomEvent, judgeSeq, needsRead, parseRoomEvent, type RoomEvent } from './table-events';
import type { WatchState } from './table-types';

export interface TableData {
  watch: WatchState | null;
  /** The caller's own engine view, for legalActions; null for a spectator or before the deal. */
  view: GameView | null;
  hand: Card[];
  error: unknown;
}

/** Listeners for each applied event: sounds, vibration and card flights follow the stream. */
export type EventListener = (event: RoomEvent, before: WatchState, after: WatchState) => void;

/** A private room the caller has no seat in: the table is shown only for its password. */
export function isPasswordQuestion(error: unknown): boolean {
  if (!error) return false;
  const { code } = toApiFailure(error);
  return code === 'room/password_required' || code === 'room/wrong_password';
}

/**
 * The table's state: the public watch state, the caller's hand and view, kept current from the
 * room channel. Events apply at once; a gap in seq, a lost connection or a room change re-reads
 * watch and cards (DESIGN §1), so nothing is lost.
 */
export function useTable(roomId: string, onEvent?: EventListener) {
  const me = String(useUserStore((s) => s.user?.id ?? ''));
  const [data, setData] = useState<TableData>({ watch: null, view: null, hand: [], error: null });
  const seqs = useRef({ read: -1, live: -1 });
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const listener = useRef(onEvent);
  listener.current = onEvent;
  const viewTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The latest watch state outside React's batching, so events apply in order exactly once.
  const current = useRef<WatchState | null>(null);
  // A private room's password, once the caller gave the right one: its reads and its channel need it.
  const password = useRef<string | undefined>(undefined);
  const [channelPassword, setChannelPassword] = useState<string | undefined>(undefined);
  const lastError = useRef<unknown>(null);
  // The seq of the hand on screen: a hand push older than it (one recovered from the channel's
  // history after a reconnect, arriving after the fresh read) must not put back cards played since.
  const handSeq = useRef(-1);

  const readView = useCallback(async () => {
    try {
      const view = await tableApi.view(roomId, password.current);
      viewSeq.current = Math.max(viewSeq.current, view.seq);
      if (view.seq < handSeq.current) return;
      handSeq.current = view.seq;
      setData((prev) => (prev.watch && view.seq < prev.watch.seq ? prev : { ...prev, view, hand: [...view.hand] }));
    } catch {
      // Not a player of a running game: no view, and the hand comes from GET cards.
      setData((prev) => ({ ...prev, view: null }));
    }
  }, [roomId]);

  const readAll = useCallback((): Promise<void> => {
    if (reading.current) {
      again.current = true;
      return reading.current;
    }
    const run = async () => {
      try {
        const watch = await tableApi.watch(roomId, password.current);
        seqs.current = { read: watch.seq, live: watch.seq };
        const isSeated = me in watch.seats;
        const isRunning = watch.status === 'in_progress' || watch.status === 'FINISHED';
        let view: GameView | null = null;
        let hand: Card[] = [];
        if (isSeated && isRunning) {
          const [cards, ownView] = await Promise.all([tableApi.cards(roomId).catch(() => null), tableApi.view(roomId).catch(() => null)]);
          view = ownView;
          if (ownView) viewSeq.current = Math.max(viewSeq.current, ownView.seq);
          hand = ownView ? [...ownView.hand] : (cards?.items ?? []);
        }
        handSeq.current = view?.seq ?? watch.seq;
        current.current = watch;
        lastError.current = null;
        setData({ watch, view, hand, error: null });
      } catch (error) {
        lastError.current = error;
        setData((prev) => ({ ...prev, error }));
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
  }, [roomId, me]);

  useEffect(() => {
    seqs.current = { read: -1, live: -1 };
    current.current = null;
    password.current = undefined;
    setChannelPassword(undefined);
    setData({ watch: null, view: null, hand: [], error: null });
    void readAll();
  }, [readAll]);

  const viewSeq = useRef(-1);
  const scheduleView = useCallback(() => {
    if (viewTimer.current) clearTimeout(viewTimer.current);
    // The server pushes each player's view on the personal channel after every step; this read
    // is only the fallback for a push that did not come.
    viewTimer.current = setTimeout(() => {
      if (viewSeq.current < (current.current?.seq ?? 0)) void readView();
    }, 300);
  }, [readView]);
  useEffect(() => () => {
    if (viewTimer.current) clearTimeout(viewTimer.current);
  }, []);

  /** Reads the private room's table with this password; true when it was right. */
  const watchWithPassword = useCallback(
    async (given: string): Promise<boolean> => {
      password.current = given;
      await readAll();
      // A read already under way when the password came is followed by one with it: wait for that.
      while (reading.current) await reading.current;
      if (lastError.current !== null) {
        password.current = undefined;
        return false;
      }
      // The channel refused this user without it: it resubscribes with the password as its data.
      setChannelPassword(given);
      return true;
    },
    [readAll],
  );

  useChannel(`room:${roomId}`, (raw) => {
    const event = parseRoomEvent(raw);
    if (!event) return;
    const before = current.current;
    if (needsRead(event) || event.type === 'emoji') {
      if (needsRead(event)) void readAll();
      if (before) listener.current?.(event, before, before);
      return;
    }
    const verdict = judgeSeq(event, seqs.current.read, seqs.current.live);
    if (verdict === 'stale') return;
    if (verdict === 'gap') {
      void readAll();
      return;
    }
    if (typeof event.seq === 'number') seqs.current.live = Math.max(seqs.current.live, event.seq);
    if (!before) return;
    const next = applyRoomEvent(before, event);
    current.current = next;
    setData((prev) => ({ ...prev, watch: next }));
    listener.current?.(event, before, next);
    if (me in next.seats) scheduleView();
  }, channelPassword === undefined ? {} : { data: { password: channelPassword } });

  useChannel(me ? personalChannel(me) : null, (raw) => {
    const event = parseRoomEvent(raw);
    if (!event || String(event.room_id ?? roomId) !== roomId) return;
    if (event.type === 'view' && event.view && typeof event.view === 'object') {
      const view = event.view as GameView;
      if (view.seq >= viewSeq.current && view.seq >= handSeq.current) {
        viewSeq.current = view.seq;
        handSeq.current = view.seq;
        setData((prev) => ({ ...prev, view, hand: [...view.hand] }));
      }
    }
    if (event.type === 'hand' && Array.isArray(event.cards)) {
      const seq = typeof event.seq === 'number' ? event.seq : handSeq.current;
      if (seq >= handSeq.current) {
        handSeq.current = seq;
        const cards = event.cards as Card[];
        setData((prev) => ({ ...prev, hand: cards }));
      }
    }
    if (event.type === 'wallet_changed') {
      void api.me().then((user) => useUserStore.getState().setUser(user), () => undefined);
    }
    if (event.type === 'seat_lost') void readAll();
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

  return { ...data, me, readAll, setData, watchWithPassword };
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../net/api';
import { connectRealtime, disconnectRealtime, personalChannel, subscribe, useRealtimeStore } from '../net/realtime';
import { useUserStore } from '../state/user-store';

/** Connects the realtime client once signed in and shows a quiet notice while it reconnects. */
export function RealtimeLink() {
  const { t } = useTranslation();
  const userId = useUserStore((s) => s.user?.id);
  const state = useRealtimeStore((s) => s.state);
  const hasDropped = useRealtimeStore((s) => s.hasDropped);

  useEffect(() => {
    if (userId === undefined) return;
    void connectRealtime();
    // The personal channel says when a balance moved (a stake, a result); the header and the
    // table follow with the fresh balances, read once, without a reload.
    const off = subscribe(personalChannel(userId), (message) => {
      if (message.type !== 'wallet_changed') return;
      void api.me().then((user) => useUserStore.getState().setUser(user), () => undefined);
    });
    return () => {
      off();
      disconnectRealtime();
    };
  }, [userId]);

  useEffect(() => {
    // Visible to tests and to anyone debugging a connection from the console.
    document.documentElement.dataset.realtime = state;
  }, [state]);

  if (userId === undefined || !hasDropped || state === 'connected') return null;
  return (
    <div className="realtime-notice" role="status" data-testid="realtime-notice">
      {t('realtime.reconnecting')}
    </div>
  );
}

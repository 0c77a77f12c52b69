import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonalChannel } from '../net/personal-channel';
import { connectRealtime, disconnectRealtime, useRealtimeStore } from '../net/realtime';
import { patchUser, refreshWallets, useUserId } from '../net/user-query';

/** Connects the realtime client once signed in and shows a quiet notice while it reconnects. */
export function RealtimeLink() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const userId = useUserId();
  const state = useRealtimeStore((s) => s.state);
  const hasDropped = useRealtimeStore((s) => s.hasDropped);

  useEffect(() => {
    if (userId === undefined) return;
    void connectRealtime();
    return disconnectRealtime;
  }, [userId]);

  // The personal channel says when a balance moved. The economy sends every wallet's new
  // balance; a game or a tournament says only what moved, and the balances are read once.
  usePersonalChannel((message) => {
    if (message.type === 'wallet') patchUser(client, { wallets: message.wallets });
    else if (message.type === 'wallet_changed') void refreshWallets(client);
  });

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

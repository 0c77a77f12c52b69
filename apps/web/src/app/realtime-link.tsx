import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { User, Wallet } from '../net/api';
import { refreshWallets } from '../net/economy-api';
import { connectRealtime, disconnectRealtime, personalChannel, subscribe, useRealtimeStore } from '../net/realtime';
import { useUserStore } from '../state/user-store';

function walletsOf(data: unknown): Wallet[] | null {
  if (!data || typeof data !== 'object' || !('wallets' in data) || !Array.isArray(data.wallets)) return null;
  return data.wallets as Wallet[];
}

/** A game's stake or payout says only what changed (`wallet_changed`): the balances are re-read. */
const isWalletDelta = (data: unknown) => Boolean(data && typeof data === 'object' && 'type' in data && data.type === 'wallet_changed');

/** Connects the realtime client once signed in and shows a quiet notice while it reconnects. */
export function RealtimeLink() {
  const { t } = useTranslation();
  const userId = useUserStore((s) => s.user?.id);
  const state = useRealtimeStore((s) => s.state);
  const hasDropped = useRealtimeStore((s) => s.hasDropped);

  useEffect(() => {
    if (userId === undefined) return;
    void connectRealtime();
    // The personal channel carries wallet changes; the header follows them without a reload.
    const off = subscribe(personalChannel(userId), (data) => {
      const wallets = walletsOf(data);
      const user = useUserStore.getState().user;
      if (wallets && user) useUserStore.getState().setUser({ ...user, wallets } satisfies User);
      else if (isWalletDelta(data)) void refreshWallets();
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

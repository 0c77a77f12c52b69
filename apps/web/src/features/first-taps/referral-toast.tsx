import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonalChannel } from '../../net/personal-channel';
import { formatChips } from '../../ui/format';
import '../../ui/toast.css';

/** How long the notice stays unless closed. */
export const REFERRAL_TOAST_MS = 8000;

interface Notice {
  role: 'friend' | 'inviter';
  other: string;
  amount: string;
}

/**
 * The referral bonus arrives with a notice to both players (FEATURES.md §10), on any screen: the
 * server tells each one on their own channel, naming the other. The balance itself follows from
 * the `wallet_changed` beside it.
 */
export function ReferralToast() {
  const { t, ready } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  usePersonalChannel((message) => {
    if (message.type === 'referral_bonus') setNotice({ role: message.role, other: message.other_username, amount: message.amount });
  });
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), REFERRAL_TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice || !ready) return null;
  return (
    <div className="toast toast-top" role="status" data-testid="referral-toast">
      <p>
        <strong>{t('first_taps.referral.title', { amount: formatChips(notice.amount) })}</strong>
      </p>
      <p data-testid="referral-toast-text">{t(`first_taps.referral.${notice.role}`, { name: notice.other })}</p>
      <button type="button" className="btn btn-ghost" onClick={() => setNotice(null)}>
        {t('first_taps.referral.ok')}
      </button>
    </div>
  );
}

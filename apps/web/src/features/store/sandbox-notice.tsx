import { useTranslation } from 'react-i18next';
import { isMiniApp } from '../../device/telegram';
import { useFeatureFlag } from '../../net/flags';
import './sandbox-notice.css';

/**
 * FEATURES.md §17: while PAYMENTS_SANDBOX is on, "Add chips" gives chips away; the store and the
 * deposit dialog say so. Inside Telegram the deposit is a real Stars payment: no notice there.
 */
export function SandboxNotice() {
  const { t } = useTranslation('newcomer');
  const isSandbox = useFeatureFlag('payments_sandbox');
  if (!isSandbox || isMiniApp()) return null;
  return (
    <p className="sandbox-notice" role="note" data-testid="sandbox-notice">
      {t('sandbox.notice')}
    </p>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMiniApp, shareViaHost } from '../../device/telegram';
import { formatChips } from '../../ui/format';
import { inviteLink } from './invite-link';
import '../../ui/text-input.css';

/** The invite link with copy (and Telegram's share dialog inside the mini-app), and what the bonus is. */
export function InviteCard({ userId, bonus }: { userId: number; bonus: string | undefined }) {
  const { t } = useTranslation('player');
  const isInside = isMiniApp();
  const link = inviteLink(userId, isInside, window.location.origin);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // Clipboard access can be refused (no permission, an old webview): the link stays selectable.
      setCopied('failed');
    }
  }

  return (
    <section className="panel friends-invite" aria-labelledby="invite-title">
      <h1 id="invite-title">{t('friends.invite_title')}</h1>
      {/* The amount is the server's (REFERRAL_BONUS), read with the friends list. */}
      {bonus !== undefined ? (
        <p className="friends-bonus" data-testid="referral-bonus">
          {t('friends.bonus', { amount: formatChips(bonus), wallet: t('wallet.BONUS_BALANCE') })}
        </p>
      ) : null}
      <label className="friends-link-label" htmlFor="invite-link">
        {t('friends.link')}
      </label>
      <input
        id="invite-link"
        className="text-input friends-link"
        readOnly
        value={link}
        data-testid="invite-link"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="friends-actions">
        <button type="button" className="btn btn-gold" onClick={() => void copy()} data-testid="copy-invite">
          {t('friends.copy')}
        </button>
        {isInside ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              // A host too old for the share dialog: the link goes to the clipboard instead.
              if (!shareViaHost(link, t('friends.share_text'))) void copy();
            }}
            data-testid="share-invite"
          >
            {t('friends.share')}
          </button>
        ) : null}
      </div>
      {copied ? (
        <p role="status" className="friends-copied" data-testid="copy-status">
          {copied === 'yes' ? t('friends.copied') : t('friends.copy_failed')}
        </p>
      ) : null}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMiniApp, shareViaHost } from '../../device/telegram';
import { replayShareLink } from './replay-links';
import './replay-share.css';

/**
 * "Share" of a replay (FEATURES.md §14): inside Telegram the host's share dialog with the
 * mini-app's `startapp=replay_<id>_<step>` link; elsewhere the system's share sheet when there is
 * one, else the site's link to the clipboard, shown so it can be copied by hand too.
 */
export function ReplayShareButton({ roomId, step, className = 'btn btn-ghost' }: { roomId: number; step: number; className?: string }) {
  const { t } = useTranslation('replay');
  const [shown, setShown] = useState<{ link: string; isCopied: boolean } | null>(null);
  async function share() {
    const isInside = isMiniApp();
    const link = replayShareLink(roomId, step, isInside, window.location.origin);
    if (isInside && shareViaHost(link, t('share_text'))) return;
    // The system's share sheet on phones; on a desktop it is a detour before the clipboard.
    const isPhone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
    if (typeof navigator.share === 'function' && isPhone) {
      try {
        await navigator.share({ url: link, text: t('share_text') });
        return;
      } catch {
        // Cancelled or refused: the link is shown below instead.
      }
    }
    let isCopied = false;
    try {
      await navigator.clipboard.writeText(link);
      isCopied = true;
    } catch {
      // No clipboard (an insecure page, a refused permission): the field below lets it be copied.
    }
    setShown({ link, isCopied });
  }
  return (
    <div className="replay-share">
      <button type="button" className={className} onClick={() => void share()} data-testid="replay-share">
        {t('share')}
      </button>
      {shown ? (
        <span className="replay-shared" role="status" data-testid="replay-share-status">
          {shown.isCopied ? t('copied') : t('copy_by_hand')}
          <input
            className="text-input"
            readOnly
            value={shown.link}
            data-testid="replay-share-link"
            onFocus={(e) => e.currentTarget.select()}
          />
        </span>
      ) : null}
    </div>
  );
}

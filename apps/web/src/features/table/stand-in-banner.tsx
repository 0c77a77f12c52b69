import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotIcon } from '../../ui/bot-icon';

export interface StandInBannerProps {
  /** The computer plays the caller's seat now. */
  isPlayingForMe: boolean;
  /** It did, and gave the seat back when the caller reconnected. */
  wasPlayedFor: boolean;
  /** "I'm back": takes the seat back (POST rooms/{id}/autoplay {on: false}). */
  onBack: () => Promise<unknown>;
  onDismiss: () => void;
}

/**
 * The caller's own word on the stand-in (FEATURES.md §11): while the computer plays their seat, a
 * banner says so with "I'm back"; once it gave the seat back on their return, a notice says it
 * played meanwhile, so a changed hand or table is no surprise.
 */
export function StandInBanner({ isPlayingForMe, wasPlayedFor, onBack, onDismiss }: StandInBannerProps) {
  const { t } = useTranslation('game');
  const [isSending, setSending] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  if (!isPlayingForMe && !wasPlayedFor) return null;
  const back = async () => {
    setSending(true);
    setFailed(false);
    try {
      await onBack();
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="stand-in-banner" role="status" data-testid="stand-in-banner">
      <BotIcon size={18} />
      <p className="stand-in-text">
        {isPlayingForMe ? t('standIn.playing') : t('standIn.returned')}
        {hasFailed ? <span className="stand-in-error"> {t('standIn.failed')}</span> : null}
      </p>
      {isPlayingForMe ? (
        <button
          type="button"
          className="btn btn-gold stand-in-back"
          onClick={() => void back()}
          disabled={isSending}
          data-testid="stand-in-back"
        >
          {t('standIn.back')}
        </button>
      ) : (
        <button type="button" className="btn stand-in-dismiss" onClick={onDismiss} data-testid="stand-in-dismiss">
          {t('standIn.dismiss')}
        </button>
      )}
    </div>
  );
}

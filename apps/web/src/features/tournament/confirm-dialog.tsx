import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';

/** The shortest reason an admin write takes (as the admin area's own confirmation). */
const MIN_REASON = 3;

/**
 * Asks once more before an action that moves chips or cannot be undone; names what it costs.
 * `askReason`: an admin's write, confirmed only with a reason for the audit log (FEATURES.md §17:
 * every admin write in the web asks for it); the reason is handed to `onConfirm`.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  isOpen,
  isPending = false,
  isDanger = false,
  askReason = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  isOpen: boolean;
  isPending?: boolean;
  isDanger?: boolean;
  askReason?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('tournament');
  // The reason's label and hint are the admin area's (its namespace loads on first use).
  const { t: ta } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const isReady = !askReason || reason.trim().length >= MIN_REASON;
  return (
    <Modal isOpen={isOpen} onClose={close} title={title} closeLabel={t('close')}>
      <p className="trn-confirm-text" data-testid="confirm-text">
        {text}
      </p>
      {askReason ? (
        <label className="trn-confirm-reason">
          <span>{ta('confirm.reason')}</span>
          <textarea
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={ta('confirm.reason_hint')}
            data-testid="confirm-reason"
          />
        </label>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className={`btn ${isDanger ? 'btn-danger' : 'btn-gold'}`}
          disabled={isPending || !isReady}
          onClick={() => {
            onConfirm(reason.trim());
            setReason('');
          }}
          data-testid="confirm-yes"
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/modal';
import { errorText } from './error-text';

export const MIN_REASON = 3;

interface ConfirmDialogProps {
  readonly isOpen: boolean;
  readonly title: string;
  /** What is about to happen, in words the admin checks before confirming. */
  readonly children?: ReactNode;
  readonly confirmLabel: string;
  readonly isDanger?: boolean;
  /** Runs with the typed reason; a rejection is shown in the dialog, which stays open. */
  readonly onConfirm: (reason: string) => Promise<unknown>;
  readonly onClose: () => void;
}

/**
 * Asks before anything destructive or money-moving, with a mandatory reason: the reason goes to
 * the audit log with the change. The confirm button stays disabled until a reason is typed.
 */
export function ConfirmDialog({ isOpen, title, children, confirmLabel, isDanger = false, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const isValid = reason.trim().length >= MIN_REASON;
  const close = () => {
    setReason('');
    setFailure(null);
    onClose();
  };
  return (
    <Modal isOpen={isOpen} onClose={close} title={title} closeLabel={t('confirm.cancel')}>
      <form
        className="admin-confirm"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!isValid || isBusy) return;
          setBusy(true);
          setFailure(null);
          try {
            await onConfirm(reason.trim());
            close();
          } catch (error) {
            setFailure(error);
          } finally {
            setBusy(false);
          }
        }}
      >
        {children ? <div className="admin-confirm-body">{children}</div> : null}
        <label className="admin-field">
          <span>{t('confirm.reason')}</span>
          <textarea
            value={reason}
            required
            minLength={MIN_REASON}
            maxLength={500}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('confirm.reason_hint')}
          />
        </label>
        {failure ? (
          <p className="admin-error" role="alert">
            {errorText(failure, t)}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="button" className="btn admin-btn admin-btn-quiet" onClick={close}>
            {t('confirm.cancel')}
          </button>
          <button
            type="submit"
            className={`btn admin-btn ${isDanger ? 'admin-btn-danger' : 'admin-btn-primary'}`}
            disabled={!isValid || isBusy}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

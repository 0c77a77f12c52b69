import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';

/** Asks once more before an action that moves chips or cannot be undone; names what it costs. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  isOpen,
  isPending = false,
  isDanger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  isOpen: boolean;
  isPending?: boolean;
  isDanger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('tournament');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} closeLabel={t('close')}>
      <p className="trn-confirm-text" data-testid="confirm-text">
        {text}
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className={`btn ${isDanger ? 'btn-danger' : 'btn-gold'}`}
          disabled={isPending}
          onClick={onConfirm}
          data-testid="confirm-yes"
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';

/** Asks once more before an action that costs money (leaving or surrendering a running game). */
export function ConfirmDialog({
  text,
  confirmLabel,
  isOpen,
  onConfirm,
  onClose,
}: {
  text: string;
  confirmLabel: string;
  isOpen: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('game');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('confirm.title')} closeLabel={t('close')}>
      <p className="confirm-text">{text}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('confirm.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} data-testid="confirm-yes">
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import './dialog-forms.css';

/** SPEC §1: joining a private room asks for its password; so does watching one without a seat (`submitLabel`). */
export function JoinDialog({
  isOpen,
  error,
  isPending,
  onJoin,
  onClose,
  submitLabel,
}: {
  isOpen: boolean;
  error: string | null;
  isPending: boolean;
  onJoin: (password: string) => void;
  onClose: () => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation('game');
  const [password, setPassword] = useState('');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('join.title')} closeLabel={t('close')}>
      <form
        className="form-stack"
        data-testid="join-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onJoin(password);
        }}
      >
        <div className="field">
          <label htmlFor="join-password">{t('create.password')}</label>
          <input
            id="join-password"
            type="password"
            autoComplete="off"
            value={password}
            autoFocus
            onChange={(event) => setPassword(event.target.value)}
            data-testid="join-password"
          />
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-gold btn-block" disabled={!password || isPending} data-testid="join-submit">
          {submitLabel ?? t('lobby.join')}
        </button>
      </form>
    </Modal>
  );
}

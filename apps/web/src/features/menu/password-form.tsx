import type { TokenPair } from '@durak/protocol';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../net/http';
import { toApiFailure } from '../../net/api-error';
import { saveSession } from '../../net/session';
import { useUser } from '../../net/user-query';

const changePassword = (current: string, next: string) =>
  http.put<TokenPair>('/user/password', { current_password: current, new_password: next }).then((r) => r.data);

type Outcome = 'done' | 'wrong' | 'short' | 'failed';

/**
 * The menu's "change password" (FEATURES.md §17): `PUT /api/user/password`, which ends every other
 * session and answers a new pair for this device. A Telegram account has no password: no form.
 */
export function PasswordForm() {
  const { t } = useTranslation('newcomer');
  const user = useUser();
  const ids = { current: useId(), next: useId() };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isBusy, setBusy] = useState(false);
  if (!user || user.telegram_id !== null) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (next.length < 8 || next.length > 128) return setOutcome('short');
    setBusy(true);
    try {
      saveSession(await changePassword(current, next));
      setCurrent('');
      setNext('');
      setOutcome('done');
    } catch (error) {
      const failure = toApiFailure(error);
      setOutcome(failure.code === 'auth/wrong_password' ? 'wrong' : failure.field === 'new_password' ? 'short' : 'failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="menu-row menu-password" data-testid="password-form">
      <summary>{t('password.title')}</summary>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor={ids.current}>{t('password.current')}</label>
        <input
          id={ids.current}
          className="promo-input"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <label htmlFor={ids.next}>{t('password.new')}</label>
        <input
          id={ids.next}
          className="promo-input"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <button type="submit" className="btn btn-gold btn-block" disabled={isBusy || current === '' || next === ''}>
          {t('password.submit')}
        </button>
        {outcome ? (
          <p className={outcome === 'done' ? 'promo-ok' : 'field-error'} role={outcome === 'done' ? 'status' : 'alert'}>
            {t(`password.${outcome}`)}
          </p>
        ) : null}
      </form>
    </details>
  );
}

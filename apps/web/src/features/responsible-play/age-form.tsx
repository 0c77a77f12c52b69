import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../net/api-error';
import { queryKeys } from '../../net/query-keys';
import { responsibleApi } from './responsible-api';
import '../../ui/text-input.css';

/** The age gate's one question (FEATURES.md §13): a date of birth; under 18 closes money play for good. */
export function AgeForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('responsible');
  const client = useQueryClient();
  const id = useId();
  const [birthDate, setBirthDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function confirm() {
    if (!birthDate) return;
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(queryKeys.limits, await responsibleApi.confirmAge(birthDate));
      onDone?.();
    } catch (failure) {
      const code = toApiFailure(failure).code;
      if (code === 'limits/underage') void client.invalidateQueries({ queryKey: queryKeys.limits });
      setError(code === 'limits/underage' ? t('age.underage') : code === 'request/invalid' ? t('age.invalid') : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rp-age" data-testid="age-form">
      <p>{t('age.ask')}</p>
      <label htmlFor={id}>{t('age.birth_date')}</label>
      <input id={id} className="text-input" type="date" value={birthDate} onChange={(event) => setBirthDate(event.target.value)} />
      <button type="button" className="btn btn-gold btn-block" disabled={isBusy || !birthDate} onClick={() => void confirm()}>
        {t('age.confirm')}
      </button>
      {error ? (
        <p className="rp-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

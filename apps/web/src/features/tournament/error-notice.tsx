import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiFailure } from '../../net/api-error';
import { errorKey } from './tournament-rules';

/** A refused call in the page's words; too few chips offers the way to get more. */
export function ErrorNotice({ failure }: { failure: ApiFailure }) {
  const { t } = useTranslation('tournament');
  const key = errorKey(failure.code);
  return (
    <div className="form-error trn-error" role="alert" data-testid="tournament-error" data-code={failure.code}>
      <span>{key ? t(key) : failure.message}</span>
      {failure.code === 'wallet/insufficient_funds' ? (
        <Link to="/store" className="btn btn-gold trn-get-chips">
          {t('get_chips')}
        </Link>
      ) : null}
    </div>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatChips } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import type { PrizeDistribution } from '@durak/protocol';

/** FEATURES §1 prize distribution: what each place wins from today's pool. */
export function PrizeTable({ prizes, myPlace }: { prizes: UseQueryResult<PrizeDistribution>; myPlace: number | null }) {
  const { t } = useTranslation('tournament');
  return (
    <section className="trn-card panel" aria-labelledby="trn-prizes-title" data-testid="tournament-prizes">
      <h2 id="trn-prizes-title">{t('prizes.title')}</h2>
      {prizes.isPending ? <Spinner label={t('loading')} /> : null}
      {prizes.isError ? (
        <div className="trn-empty" role="alert">
          <p>{t('prizes.load_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void prizes.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {prizes.data ? (
        prizes.data.items.length === 0 ? (
          <p className="trn-empty">{t('prizes.empty')}</p>
        ) : (
          <table className="trn-table">
            <thead>
              <tr>
                <th scope="col">{t('prizes.place')}</th>
                <th scope="col">{t('prizes.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {prizes.data.items.map((row) => (
                <tr key={row.place} className={row.place === myPlace ? 'trn-row-me' : undefined}>
                  <td>{row.place}</td>
                  <td>{formatChips(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../ui/query-state';
import { careerApi } from './career-api';
import { CareerStats } from './career-stats';
import { GamesList } from './games-list';
import { RatingChart } from './rating-chart';
import { RatingTable } from './rating-table';
import './career.css';
import { queryKeys } from '../../net/query-keys';

/** /career (FEATURES.md §3): the totals, the rating history, the rating table and the games played. */
export default function CareerPage() {
  const { t } = useTranslation('player');
  const query = useQuery({ queryKey: queryKeys.career.summary, queryFn: careerApi.career });
  return (
    <div className="career" data-testid="career-page">
      <section className="panel career-section" aria-labelledby="career-title">
        <h1 id="career-title">{t('career.title')}</h1>
        <QueryState query={query} loading={t('career.loading')} failed={t('career.failed')} retry={t('retry')}>
          {query.data ? (
            <>
              {query.data.games === 0 ? (
                <p className="career-note" data-testid="career-empty">
                  {t('career.empty')}
                </p>
              ) : null}
              <CareerStats career={query.data} />
              <h2>{t('career.chart_title')}</h2>
              <RatingChart history={query.data.history} />
            </>
          ) : null}
        </QueryState>
      </section>
      <RatingTable />
      <GamesList />
    </div>
  );
}

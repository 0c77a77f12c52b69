import type { RatingLine, RatingPeriod } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserId } from '../../net/user-query';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { Pager } from '../../ui/pager';
import { QueryState } from '../../ui/query-state';
import { careerApi } from './career-api';
import { queryKeys } from '../../net/query-keys';

/** The rating table, all time or this week, paged, with the caller's own line highlighted. */
export function RatingTable() {
  const { t } = useTranslation('player');
  const myId = useUserId();
  const [period, setPeriod] = useState<RatingPeriod>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.career.rating(period, page),
    queryFn: () => careerApi.rating(period, page),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];
  const me = query.data?.me ?? null;
  const isMeOnPage = me !== null && items.some((line) => line.user_id === me.user_id);
  return (
    <section className="panel career-section" aria-labelledby="rating-title">
      <div className="career-section-head">
        <h2 id="rating-title">{t('rating.title')}</h2>
        <div className="segmented" role="radiogroup" aria-label={t('rating.period')}>
          {(['all', 'week'] as const).map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={period === p}
              className={`segment${period === p ? ' segment-on' : ''}`}
              data-testid={`rating-${p}`}
              onClick={() => {
                setPeriod(p);
                setPage(1);
              }}
            >
              {t(`rating.${p}`)}
            </button>
          ))}
        </div>
      </div>
      <QueryState
        query={query}
        loading={t('rating.loading')}
        failed={t('rating.failed')}
        retry={t('retry')}
        empty={query.isSuccess && items.length === 0 ? <p>{t(period === 'week' ? 'rating.empty_week' : 'rating.empty')}</p> : null}
      >
        <ol className="rating-list" data-testid="rating-list">
          {items.map((line) => (
            <Line key={line.user_id} line={line} isMine={line.user_id === myId} />
          ))}
        </ol>
        {me && !isMeOnPage ? (
          <ol className="rating-list rating-me" data-testid="rating-me">
            <Line line={me} isMine />
          </ol>
        ) : null}
        {!me ? <p className="career-note">{t('rating.not_rated')}</p> : null}
        <Pager
          page={page}
          hasNext={Boolean(query.data?.links.next)}
          onPage={setPage}
          labels={{ previous: t('previous'), next: t('next'), page: t('rating.title') }}
          testId="rating-pager"
        />
      </QueryState>
    </section>
  );
}

function Line({ line, isMine }: { line: RatingLine; isMine: boolean }) {
  const { t } = useTranslation('player');
  return (
    <li
      className={`rating-line${isMine ? ' rating-line-mine' : ''}`}
      aria-current={isMine ? 'true' : undefined}
      data-testid={isMine ? 'rating-line-mine' : 'rating-line'}
    >
      <span className="rating-place">{line.place}</span>
      <Avatar url={line.avatar} name={line.username} size={32} />
      <span className="rating-name" title={line.username}>
        {cutName(line.username, 16, 14)}
        {isMine ? <small> · {t('rating.you')}</small> : null}
      </span>
      <span className="rating-games">{t('rating.games_wins', { games: line.games, wins: line.wins })}</span>
      <strong className="rating-value">{Math.round(line.rating)}</strong>
    </li>
  );
}

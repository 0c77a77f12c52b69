import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Spinner } from '../../ui/spinner';
import { tournamentApi } from './tournament-api';
import { PageMessage, TournamentFrame } from './tournament-page';
import { queryKeys } from '../../net/query-keys';

/**
 * /tournament/current (the home page's tile): the tournament a player most likely wants, the
 * list's first one (pinned first, then by start) among those open or running.
 */
export function CurrentTournament() {
  const { t } = useTranslation('tournament');
  const list = useQuery({
    queryKey: queryKeys.tournament.list('current'),
    queryFn: ({ signal }) => tournamentApi.list({ page: 1, limit: 50 }, signal),
  });
  const first = list.data?.items.find((item) => item.status === 'registration' || item.status === 'running' || item.status === 'paused');
  if (first) return <Navigate to={`/tournament/${first.id}`} replace />;
  return (
    <TournamentFrame title={t('title')}>
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      {list.isError ? (
        <PageMessage
          text={t('load_failed')}
          action={
            <button type="button" className="btn btn-gold" onClick={() => void list.refetch()}>
              {t('retry')}
            </button>
          }
        />
      ) : null}
      {list.isSuccess ? (
        <PageMessage
          text={t('none_now')}
          action={
            <Link to="/" className="btn btn-gold">
              {t('to_main')}
            </Link>
          }
        />
      ) : null}
    </TournamentFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatChips } from '../../ui/format';
import { HOME_LIMIT, HOME_STATUSES, homeTournaments } from '../tournament/home-list';
import { tournamentApi } from '../tournament/tournament-api';
import '../tournament/tournament.css';
import { queryKeys } from '../../net/query-keys';

/** The home page's tournaments: open and running ones, pinned first, each a link to its page. */
export function HomeTournaments() {
  const { t, i18n, ready } = useTranslation('tournament');
  const list = useQuery({
    queryKey: queryKeys.tournament.list('home'),
    queryFn: async ({ signal }) =>
      homeTournaments(
        await Promise.all(
          HOME_STATUSES.map((status) => tournamentApi.list({ page: 1, limit: HOME_LIMIT, status }, signal).then((p) => p.items)),
        ),
      ),
  });
  // Nothing until the section's strings have loaded, rather than bare keys.
  if (!ready) return null;
  return (
    <section className="trn-home panel" aria-labelledby="trn-home-title" data-testid="home-tournaments">
      <h2 id="trn-home-title">{t('home.title')}</h2>
      {list.isPending ? <p className="trn-empty">{t('loading')}</p> : null}
      {list.isError ? (
        <div className="trn-empty" role="alert">
          <p>{t('home.load_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? <p className="trn-empty">{t('home.empty')}</p> : null}
      {list.isSuccess && list.data.length > 0 ? (
        <ul className="trn-rows">
          {list.data.map((item) => (
            <li key={item.id}>
              <Link to={`/tournament/${item.id}`} className="trn-row trn-row-link" data-testid="home-tournament">
                <span className="trn-row-name">
                  {item.is_pinned ? <span className="trn-pin">{t('pinned')}</span> : null} {item.name}
                  <small> · {item.buy_in === '0' ? t('info.free') : formatChips(item.buy_in)}</small>
                </span>
                <span className="trn-row-state">
                  {t(`status.${item.status}`)}
                  <br />
                  {new Date(item.starts_at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

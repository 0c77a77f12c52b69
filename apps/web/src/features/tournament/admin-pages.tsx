import type { TournamentStatus } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { formatChips } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import { AdminActions } from './admin-actions';
import { AdminCreateForm } from './admin-create-form';
import { AdminArenaBoard, ArenaTag } from './arena-board';
import { parseTournamentId } from './tournament-id';
import { tournamentApi } from './tournament-api';
import { formatStart, TournamentInfo } from './tournament-info';
import { PageMessage } from './tournament-page';
import './tournament.css';
import { queryKeys } from '../../net/query-keys';

export const ADMIN_PAGE_SIZE = 20;
const STATUSES = ['registration', 'running', 'paused', 'finished', 'cancelled'] as const;

/**
 * An admin tournament screen inside the admin layout, which already titles the section (its h1):
 * the list needs nothing more; a tournament's own page adds a way back to the list and its name.
 */
function AdminFrame({ title, back, children }: { title?: string; back?: string; children: React.ReactNode }) {
  const { t, ready } = useTranslation('tournament');
  if (!ready) return <Spinner isPage />;
  return (
    <div className="trn-page trn-admin" data-testid="admin-tournaments-page">
      {back !== undefined ? (
        <header className="trn-header">
          <Link to={back} className="trn-back" aria-label={t('back')}>
            ‹
          </Link>
          <h2>{title}</h2>
          <span />
        </header>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The player list's first page holds every pinned tournament (pinned sort first), so one read
 * tells which rows of the admin figures are pinned; the figures themselves do not say.
 */
function usePinnedIds() {
  const list = useQuery({
    queryKey: queryKeys.tournament.list('admin-pinned'),
    queryFn: ({ signal }) => tournamentApi.list({ page: 1, limit: 100 }, signal),
  });
  if (!list.data) return null;
  return new Set(list.data.items.filter((item) => item.is_pinned).map((item) => item.id));
}

/** /admin/tournaments: the figures per tournament, paged on the server, and the create form. */
export function AdminTournamentsPage() {
  const { t } = useTranslation('tournament');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TournamentStatus | ''>('');
  const [isCreating, setCreating] = useState(false);
  const pinned = usePinnedIds();
  const info = useQuery({
    queryKey: queryKeys.tournament.adminInfo(status, page),
    queryFn: ({ signal }) => tournamentApi.adminInfo({ page, limit: ADMIN_PAGE_SIZE, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminFrame>
      <div className="trn-admin-tools">
        <label className="field">
          <span>{t('admin.filter_status')}</span>
          <select
            className="select"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as TournamentStatus | '');
              setPage(1);
            }}
            data-testid="admin-status-filter"
          >
            <option value="">{t('admin.all_statuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-gold"
          onClick={() => setCreating((v) => !v)}
          aria-expanded={isCreating}
          data-testid="admin-open-create"
        >
          {isCreating ? t('admin.hide_create') : t('admin.create_title')}
        </button>
      </div>
      {isCreating ? <AdminCreateForm onCreated={(created) => void navigate(`/admin/tournament/${created.id}`)} /> : null}
      <section className="trn-card panel" aria-label={t('admin.list')}>
        {info.isPending ? <Spinner label={t('loading')} /> : null}
        {info.isError ? (
          <div className="trn-empty" role="alert">
            <p>{t('list.load_failed')}</p>
            <button type="button" className="btn btn-ghost" onClick={() => void info.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : null}
        {info.isSuccess && info.data.items.length === 0 ? <p className="trn-empty">{t('admin.empty')}</p> : null}
        {info.data && info.data.items.length > 0 ? (
          <div className="trn-table-scroll">
            <table className="trn-table trn-admin-table" data-testid="admin-tournaments-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.name')}</th>
                  <th scope="col">{t('admin.status')}</th>
                  <th scope="col">{t('admin.entrants')}</th>
                  <th scope="col">{t('admin.rebuys')}</th>
                  <th scope="col">{t('admin.pool')}</th>
                  <th scope="col">{t('admin.paid')}</th>
                  <th scope="col">{t('admin.rake')}</th>
                  <th scope="col">{t('admin.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {info.data.items.map((row) => (
                  <tr key={row.id} data-testid="admin-tournament-row">
                    <td>
                      <Link to={`/admin/tournament/${row.id}`}>{row.name}</Link>
                      {pinned?.has(row.id) ? <span className="trn-pin">{t('pinned')}</span> : null}
                      {row.format === 'arena' ? <ArenaTag /> : null}
                    </td>
                    <td data-label={t('admin.status')}>{t(`status.${row.status}`)}</td>
                    <td data-label={t('admin.entrants')}>{row.entrants}</td>
                    <td data-label={t('admin.rebuys')}>{row.rebuys}</td>
                    <td data-label={t('admin.pool')}>{formatChips(row.pool)}</td>
                    <td data-label={t('admin.paid')}>{formatChips(row.paid)}</td>
                    <td data-label={t('admin.rake')}>{formatChips(row.rake)}</td>
                    <td>
                      <AdminActions tournament={{ ...row, is_pinned: pinned ? pinned.has(row.id) : null }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <nav className="trn-pager" aria-label={t('admin.pages')}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page === 1 || info.isFetching}
            onClick={() => setPage((p) => p - 1)}
            data-testid="admin-prev"
          >
            {t('admin.previous')}
          </button>
          <span>{t('admin.page', { page })}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={!info.data?.links.next || info.isFetching}
            onClick={() => setPage((p) => p + 1)}
            data-testid="admin-next"
          >
            {t('admin.next')}
          </button>
        </nav>
      </section>
    </AdminFrame>
  );
}

/** /admin/tournament/{id}: the tournament, its actions and every place with its prize. */
export function AdminTournamentPage() {
  const { t, i18n } = useTranslation('tournament');
  const parsed = parseTournamentId(useParams().id);
  const id = typeof parsed === 'number' ? parsed : null;
  const detail = useQuery({
    queryKey: queryKeys.tournament.detail(id ?? 0),
    queryFn: ({ signal }) => tournamentApi.get(id ?? 0, signal),
    enabled: id !== null,
  });
  const places = useQuery({
    queryKey: queryKeys.tournament.places(id ?? 0),
    queryFn: ({ signal }) => tournamentApi.placeInfo(id ?? 0, signal),
    enabled: id !== null && detail.isSuccess,
  });
  const back = '/admin/tournaments';

  if (id === null || (detail.isError && toApiFailure(detail.error).status === 404)) {
    return (
      <AdminFrame title={t('admin.title')} back={back}>
        <PageMessage
          text={t('not_found')}
          action={
            <Link to={back} className="btn btn-gold">
              {t('admin.to_list')}
            </Link>
          }
        />
      </AdminFrame>
    );
  }
  if (detail.isPending) {
    return (
      <AdminFrame title={t('admin.title')} back={back}>
        <Spinner label={t('loading')} />
      </AdminFrame>
    );
  }
  if (detail.isError) {
    return (
      <AdminFrame title={t('admin.title')} back={back}>
        <PageMessage
          text={t('load_failed')}
          action={
            <button type="button" className="btn btn-gold" onClick={() => void detail.refetch()}>
              {t('retry')}
            </button>
          }
        />
      </AdminFrame>
    );
  }
  const tournament = detail.data;
  return (
    <AdminFrame title={tournament.name} back={back}>
      <p className={`trn-status trn-status-${tournament.status}`} data-testid="tournament-status">
        {tournament.is_pinned ? <span className="trn-pin">{t('pinned')}</span> : null}
        {t(`status.${tournament.status}`)} · #{tournament.id} · {formatStart(tournament.starts_at, i18n.language)}
        <Link to={`/tournament/${tournament.id}`}>{t('admin.public_page')}</Link>
      </p>
      <div className="trn-grid">
        <div className="trn-col">
          <section className="trn-card panel" aria-label={t('admin.actions')}>
            <AdminActions tournament={tournament} />
          </section>
          <TournamentInfo t={tournament} />
          {tournament.format === 'arena' ? <AdminArenaBoard id={tournament.id} /> : null}
        </div>
        <section className="trn-card panel" aria-labelledby="trn-places-title" data-testid="admin-places">
          <h2 id="trn-places-title">{t('admin.places')}</h2>
          {places.isPending ? <Spinner label={t('loading')} /> : null}
          {places.isError ? (
            <div className="trn-empty" role="alert">
              <p>{t('list.load_failed')}</p>
              <button type="button" className="btn btn-ghost" onClick={() => void places.refetch()}>
                {t('retry')}
              </button>
            </div>
          ) : null}
          {places.isSuccess && places.data.items.length === 0 ? <p className="trn-empty">{t('players.empty')}</p> : null}
          {places.isSuccess && places.data.items.length > 0 ? (
            <div className="trn-table-scroll">
              <table className="trn-table">
                <thead>
                  <tr>
                    <th scope="col">{t('prizes.place')}</th>
                    <th scope="col">{t('admin.player')}</th>
                    <th scope="col">{t('admin.round_reached')}</th>
                    <th scope="col">{t('admin.prize_paid')}</th>
                  </tr>
                </thead>
                <tbody>
                  {places.data.items.map((row) => (
                    <tr key={row.user_id}>
                      <td>{row.place === 0 ? '—' : row.place}</td>
                      <td>{row.username}</td>
                      <td>{row.round_reached}</td>
                      <td>{formatChips(row.prize)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      </div>
    </AdminFrame>
  );
}

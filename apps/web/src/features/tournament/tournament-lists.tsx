import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import type { PagedList } from './paged-list';
import type { TournamentPlayer, TournamentRoom } from '@durak/protocol';
import { tablePath } from '../../routes/paths';

interface ListProps<T> {
  list: PagedList<T>;
  query: Pick<UseInfiniteQueryResult, 'isPending' | 'isError' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage' | 'refetch'>;
}

/** A paged section: its loading, error and empty states, the rows, and "show more". */
function PagedSection<T>({
  title,
  testId,
  empty,
  list,
  query,
  children,
}: ListProps<T> & { title: string; testId: string; empty: string; children: ReactNode }) {
  const { t } = useTranslation('tournament');
  return (
    <section className="trn-card panel" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {query.isPending ? <Spinner label={t('loading')} /> : null}
      {query.isError ? (
        <div className="trn-empty" role="alert">
          <p>{t('list.load_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {!query.isPending && !query.isError && list.items.length === 0 ? <p className="trn-empty">{empty}</p> : null}
      {children}
      {query.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid={`${testId}-more`}
        >
          {query.isFetchingNextPage ? t('loading') : t('list.more')}
        </button>
      ) : null}
    </section>
  );
}

export function PlayersList({ list, query, myId }: ListProps<TournamentPlayer> & { myId: number | undefined }) {
  const { t } = useTranslation('tournament');
  return (
    <PagedSection title={t('players.title')} testId="tournament-players" empty={t('players.empty')} list={list} query={query}>
      <ol className="trn-rows">
        {list.items.map((p) => (
          <li
            key={p.user_id}
            className={`trn-row${p.is_eliminated ? ' trn-row-out' : ''}${p.user_id === myId ? ' trn-row-me' : ''}`}
            data-testid="tournament-player"
            data-user-id={p.user_id}
          >
            <Avatar url={p.avatar} name={p.username} size={32} />
            <span className="trn-row-name">
              {cutName(p.username)}
              {p.country ? <small> · {p.country.toUpperCase()}</small> : null}
            </span>
            <span className="trn-row-state">
              {p.place !== null
                ? t('players.place', { place: p.place })
                : p.is_eliminated
                  ? t('players.out', { round: p.round_reached })
                  : p.round_reached > 0
                    ? t('players.in_round', { round: p.round_reached })
                    : t('players.registered')}
            </span>
          </li>
        ))}
      </ol>
    </PagedSection>
  );
}

/** The tables, newest first; from round 2 on, a choice of one round's tables or all of them. */
export function RoomsList({
  list,
  query,
  rounds,
  round,
  onRound,
}: ListProps<TournamentRoom> & { rounds: number; round: number | null; onRound: (round: number | null) => void }) {
  const { t } = useTranslation('tournament');
  return (
    <PagedSection title={t('rooms.title')} testId="tournament-rooms" empty={t('rooms.empty')} list={list} query={query}>
      {rounds >= 2 ? (
        <label className="trn-field trn-rooms-round">
          <span>{t('rooms.show')}</span>
          <select
            className="select"
            value={round ?? ''}
            onChange={(e) => onRound(e.target.value === '' ? null : Number(e.target.value))}
            data-testid="tournament-rooms-round"
          >
            <option value="">{t('rooms.all_rounds')}</option>
            {Array.from({ length: rounds }, (_, i) => rounds - i).map((r) => (
              <option key={r} value={r}>
                {t('rooms.round', { round: r })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ul className="trn-rows">
        {list.items.map((room) => (
          <li key={room.id} data-testid="tournament-room" data-room-id={room.id}>
            <Link to={tablePath(room.id)} className="trn-row trn-row-link">
              <span className="trn-row-name">{t('rooms.room', { round: room.round, id: room.id })}</span>
              <span className="trn-row-state">
                {t('rooms.players', { n: room.player_count })} · {room.status === 'FINISHED' ? t('rooms.finished') : t('rooms.playing')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}

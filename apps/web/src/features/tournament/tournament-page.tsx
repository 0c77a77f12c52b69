import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { useUserId } from '../../net/user-query';
import { Spinner } from '../../ui/spinner';
import { ArenaPage } from './arena-page';
import { RealtimeStatus } from './realtime-status';
import { PrizeTable } from './prize-table';
import { TournamentActions } from './tournament-actions';
import { TournamentInfo } from './tournament-info';
import { PlayersList, RoomsList } from './tournament-lists';
import { useTournament } from './use-tournament';
import './tournament.css';

/** The frame every state of the page shares: back link, title and the realtime status. */
export function TournamentFrame({ title, status, children }: { title: string; status?: React.ReactNode; children: React.ReactNode }) {
  const { t } = useTranslation('tournament');
  return (
    <div className="trn-page">
      <header className="trn-header">
        <Link to="/" className="trn-back" aria-label={t('back')}>
          ‹
        </Link>
        <h1 data-testid="tournament-name">{title}</h1>
        {status}
      </header>
      {children}
    </div>
  );
}

/** A page-wide message with one way on (not found, failed to load, nothing running). */
export function PageMessage({ text, action }: { text: string; action?: React.ReactNode }) {
  return (
    <div className="trn-card panel trn-message" role="alert" data-testid="tournament-message">
      <p>{text}</p>
      {action}
    </div>
  );
}

/** /tournament/{id}: info, countdown, entry, my game, players, rooms and prizes, live. */
export function TournamentPage({ id }: { id: number }) {
  const { t } = useTranslation('tournament');
  const myId = useUserId();
  const state = useTournament(id);
  const { detail } = state;
  const status = <RealtimeStatus state={state.status} />;

  if (detail.isPending) {
    return (
      <TournamentFrame title={t('title')} status={status}>
        <Spinner label={t('loading')} />
      </TournamentFrame>
    );
  }
  if (detail.isError) {
    const failure = toApiFailure(detail.error);
    const isMissing = failure.code === 'tournament/not_found' || failure.status === 404;
    return (
      <TournamentFrame title={t('title')} status={status}>
        <PageMessage
          text={isMissing ? t('not_found') : t('load_failed')}
          action={
            isMissing ? (
              <Link to="/" className="btn btn-gold">
                {t('to_main')}
              </Link>
            ) : (
              <button type="button" className="btn btn-gold" onClick={() => void detail.refetch()}>
                {t('retry')}
              </button>
            )
          }
        />
      </TournamentFrame>
    );
  }
  const tournament = detail.data;
  // A finished or cancelled tournament is never "live" (FEATURES.md §17): nothing more will happen.
  const isOver = tournament.status === 'finished' || tournament.status === 'cancelled';
  return (
    <TournamentFrame title={tournament.name} status={isOver ? undefined : status}>
      <p className={`trn-status trn-status-${tournament.status}`} data-testid="tournament-status" data-status={tournament.status}>
        {tournament.is_pinned ? <span className="trn-pin">{t('pinned')}</span> : null}
        {t(`status.${tournament.status}`)}
        {tournament.format === 'knockout' && tournament.round > 0 && (tournament.status === 'running' || tournament.status === 'paused')
          ? ` · ${t('info.round_n', { round: tournament.round })}`
          : ''}
      </p>
      {tournament.format === 'arena' ? (
        <ArenaPage state={state} />
      ) : (
        <div className="trn-grid">
          <div className="trn-col">
            <TournamentInfo t={tournament} />
            <TournamentActions t={tournament} roomId={state.roomId} isFinalSeated={state.isFinalSeated} onDetail={state.applyDetail} />
            <PrizeTable prizes={state.prizes} myPlace={tournament.player_info.place} />
          </div>
          <div className="trn-col">
            <PlayersList list={state.players.list} query={state.players.query} myId={myId} />
            <RoomsList
              list={state.rooms.list}
              query={state.rooms.query}
              rounds={tournament.round}
              round={state.roomsRound}
              onRound={state.setRoomsRound}
            />
          </div>
        </div>
      )}
    </TournamentFrame>
  );
}

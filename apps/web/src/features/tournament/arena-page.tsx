import type { TournamentDetail } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { useUserId } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { ArenaActions } from './arena-actions';
import { ArenaBoard, useArenaBoard } from './arena-board';
import { formatCountdown, timeLeft } from './countdown';
import { PrizeTable } from './prize-table';
import { formatStart } from './tournament-info';
import { optionWords } from './tournament-rules';
import type { useTournament } from './use-tournament';
import { useNow } from './use-now';

/** The arena's clock: to the start, to the end, or the last games finishing after it. */
export function ArenaClock({ t: tournament, nowMs }: { t: TournamentDetail; nowMs: number }) {
  const { t: ta } = useTranslation('arena');
  const isRunning = tournament.status === 'running' || tournament.status === 'paused';
  const target = tournament.status === 'registration' ? tournament.starts_at : isRunning ? tournament.ends_at : null;
  if (!target) return null;
  const left = timeLeft(Date.parse(target), nowMs);
  const label = tournament.status === 'registration' ? ta('clock.to_start') : ta('clock.to_end');
  return (
    <div className="trn-countdown arena-clock" data-testid="arena-clock" data-over={left.isOver}>
      <span>{left.isOver && isRunning ? ta('clock.last_games') : label}</span>
      <strong aria-live="off">{left.isOver ? '00:00' : formatCountdown(left, (days) => ta('clock.days', { n: days }))}</strong>
    </div>
  );
}

/** The arena's facts: buy-in, pool, start, length, tables, players and the game's options. */
function ArenaInfo({ t: tournament }: { t: TournamentDetail }) {
  const { t, i18n } = useTranslation('tournament');
  const { t: ta } = useTranslation('arena');
  const wallet = t(`wallet.${tournament.balance_type}`);
  return (
    <section className="trn-card panel" aria-labelledby="arena-info-title">
      <h2 id="arena-info-title" className="visually-hidden">
        {ta('info.title')}
      </h2>
      <dl className="trn-facts">
        <div>
          <dt>{ta('info.buy_in')}</dt>
          <dd data-testid="tournament-buy-in">
            {tournament.buy_in === '0' ? ta('info.free') : t('info.amount_in_wallet', { amount: formatChips(tournament.buy_in), wallet })}
            {tournament.fee !== '0' ? <small> {t('houseFee.plus', { amount: formatChips(tournament.fee) })}</small> : null}
          </dd>
        </div>
        <div>
          <dt>{ta('info.pool')}</dt>
          <dd data-testid="tournament-pool">{formatChips(tournament.pool)}</dd>
        </div>
        <div>
          <dt>{ta('info.starts_at')}</dt>
          <dd>{formatStart(tournament.starts_at, i18n.language)}</dd>
        </div>
        <div>
          <dt>{ta('info.length')}</dt>
          <dd data-testid="arena-length">{ta('info.minutes', { n: tournament.duration_minutes ?? 0 })}</dd>
        </div>
        <div>
          <dt>{ta('info.table')}</dt>
          <dd>{ta('info.table_of', { size: tournament.table_size ?? tournament.room_size, deck: tournament.deck_size })}</dd>
        </div>
        <div>
          <dt>{ta('info.players')}</dt>
          <dd data-testid="tournament-players-count">{tournament.players_count}</dd>
        </div>
        <div className="trn-facts-wide">
          <dt>{ta('info.scoring')}</dt>
          <dd>{ta('info.scoring_rule')}</dd>
        </div>
      </dl>
      <ul className="trn-options" aria-label={ta('info.options')}>
        {optionWords(tournament).map((word) => (
          <li key={word} className="trn-tag">
            {t(`option.${word}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /tournament/{id} of an arena: the clock with join / pause and the live board first (on a phone
 * too), then the arena's facts and the prizes.
 */
export function ArenaPage({ state }: { state: ReturnType<typeof useTournament> }) {
  const myId = useUserId();
  const tournament = state.detail.data!;
  const board = useArenaBoard(tournament.id, true);
  const isTicking = tournament.status !== 'finished' && tournament.status !== 'cancelled';
  const nowMs = useNow(isTicking);
  const me = board.items.find((s) => s.user_id === myId);
  return (
    <div className="trn-grid">
      <div className="trn-col">
        <ArenaActions
          t={tournament}
          me={me}
          nowMs={nowMs}
          onDetail={state.applyDetail}
          clock={<ArenaClock t={tournament} nowMs={nowMs} />}
        />
        <ArenaBoard board={board} myId={myId} />
      </div>
      <div className="trn-col">
        <ArenaInfo t={tournament} />
        <PrizeTable prizes={state.prizes} myPlace={tournament.player_info.place} />
      </div>
    </div>
  );
}

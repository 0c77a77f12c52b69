import { useTranslation } from 'react-i18next';
import { formatChips } from '../../ui/format';
import { formatCountdown, timeLeft } from './countdown';
import type { TournamentDetail } from '@durak/protocol';
import { optionWords } from './tournament-rules';
import { useNow } from './use-now';

export function formatStart(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The countdown to the start, or to the next round during a break; ticks once a second. */
export function Countdown({ t: tournament }: { t: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const target =
    tournament.status === 'registration' ? tournament.starts_at : tournament.status === 'running' ? tournament.next_round_at : null;
  const now = useNow(target !== null);
  if (!target) return null;
  const left = timeLeft(Date.parse(target), now);
  const label = tournament.status === 'registration' ? t('countdown.to_start') : t('countdown.to_round', { round: tournament.round + 1 });
  return (
    <div className="trn-countdown" data-testid="tournament-countdown">
      <span>{label}</span>
      <strong aria-live="off">
        {left.isOver ? t('countdown.starting') : formatCountdown(left, (days) => t('countdown.days', { n: days }))}
      </strong>
    </div>
  );
}

/** Name, status, buy-in and wallet, start, room size, deck, options and rebuy rules. */
export function TournamentInfo({ t: tournament }: { t: TournamentDetail }) {
  const { t, i18n } = useTranslation('tournament');
  const wallet = t(`wallet.${tournament.balance_type}`);
  return (
    <section className="trn-card panel" aria-labelledby="trn-info-title">
      <h2 id="trn-info-title" className="visually-hidden">
        {t('info.title')}
      </h2>
      <Countdown t={tournament} />
      <dl className="trn-facts">
        <div>
          <dt>{t('info.buy_in')}</dt>
          <dd data-testid="tournament-buy-in">
            {tournament.buy_in === '0' ? t('info.free') : t('info.amount_in_wallet', { amount: formatChips(tournament.buy_in), wallet })}
            {tournament.fee !== '0' ? (
              <small data-testid="tournament-fee"> {t('houseFee.plus', { amount: formatChips(tournament.fee) })}</small>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('info.pool')}</dt>
          <dd data-testid="tournament-pool">
            {formatChips(tournament.pool)}
            {tournament.guaranteed_pool !== '0' ? (
              <small className="trn-guarantee"> {t('info.guaranteed', { amount: formatChips(tournament.guaranteed_pool) })}</small>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('info.starts_at')}</dt>
          <dd>{formatStart(tournament.starts_at, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('info.players')}</dt>
          <dd data-testid="tournament-players-count">
            {t('info.players_of', { n: tournament.players_count, min: tournament.min_players, max: tournament.max_players })}
          </dd>
        </div>
        <div>
          <dt>{t('info.table')}</dt>
          <dd>{t('info.table_of', { size: tournament.room_size, deck: tournament.deck_size })}</dd>
        </div>
        {tournament.round > 0 ? (
          <div>
            <dt>{t('info.round')}</dt>
            <dd data-testid="tournament-round">{tournament.round}</dd>
          </div>
        ) : null}
        <div className="trn-facts-wide">
          <dt>{t('info.rebuys')}</dt>
          <dd>
            {tournament.rebuy_rounds > 0
              ? t('info.rebuy_rule', { n: tournament.rebuy_rounds, price: formatChips(tournament.rebuy_price), wallet })
              : t('info.no_rebuys')}
          </dd>
        </div>
      </dl>
      <ul className="trn-options" aria-label={t('info.options')}>
        {optionWords(tournament).map((word) => (
          <li key={word} className="trn-tag">
            {t(`option.${word}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

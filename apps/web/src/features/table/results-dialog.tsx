import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClosedReason } from './ready-countdown';
import { Link } from 'react-router';
import { useUser } from '../../net/user-query';
import { Avatar } from '../../ui/avatar';
import { cutName, formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { CardFace } from '../cards/card-view';
import { cardKey } from '../cards/sprite';
import { ReplayEntry } from '../replay/replay-entry';
import { checkDeal, deckSizeOf, type FairCheck } from './fair-check';
import { TeamBadge, TeamOutcome } from './team-results';
import { TournamentOutcome } from './tournament-outcome';
import type { ResultPayload, SeatLostReason, WatchSeat, WatchState } from '@durak/protocol';

function signed(amount: string): string {
  if (amount.startsWith('-')) return `−${formatChips(amount.slice(1))}`;
  return amount === '0' ? '0' : `+${formatChips(amount)}`;
}

export interface RematchProps {
  /** Another player of this game asked for a rematch: the button says so. */
  readonly isOffered: boolean;
  readonly isPending: boolean;
  readonly failed: boolean;
  readonly onRematch: () => void;
}

/**
 * The end of a game: each player's result, why (played out, timer, surrender, left) and signed
 * amount, the house's rake that explains +950 against -1000, the new balance, the seed to check,
 * and for a player of the game a "play again" that seats them in the rematch.
 */
export function ResultsDialog({
  watch,
  me,
  isOpen,
  onClose,
  rematch,
  closedReason,
}: {
  watch: WatchState;
  me: string;
  isOpen: boolean;
  onClose: () => void;
  rematch?: RematchProps | undefined;
  /** Why the caller's seat went before the game: a table closed unplayed says so (FEATURES.md §17). */
  closedReason?: SeatLostReason | null | undefined;
}) {
  const { t } = useTranslation('game');
  const user = useUser();
  const [check, setCheck] = useState<FairCheck | null>(null);
  const balanceType = watch.room.balance_type;
  const balance = user?.wallets.find((w) => w.wallet_type === balanceType)?.balance;
  const seats = Object.values(watch.seats);
  const lines = (
    watch.results ??
    seats.map((s): Omit<ResultPayload, 'result'> & { result: NonNullable<WatchSeat['result']> } => ({
      player_id: String(s.player.player_id),
      result: s.result ?? 'draw',
      place: 0,
      amount: s.amount ?? '0',
    }))
  )
    .slice()
    .sort((a, b) => a.place - b.place);
  const mine = lines.find((l) => l.player_id === me);
  // A room that closed before its game (nobody came, or the seats were not readied): no deal, no results.
  const isClosedUnplayed = !watch.seed_hash && (watch.results ?? []).length === 0;
  const order = seats.slice().sort((a, b) => a.position - b.position);
  // The line's own reason, or the seat's (a result read from an older line without one).
  const reasonOf = (id: string, own: string | undefined) => own ?? watch.seats[id]?.result_reason ?? null;
  const myIndex = order.findIndex((s) => String(s.player.player_id) === me);
  // A tournament game has no stake and no rematch: its ending speaks of the tournament instead.
  const tournamentId = watch.room.tournament_id ?? null;

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={isClosedUnplayed ? t('result.title_closed') : mine ? t(`result.title_${mine.result}`) : t('result.title')}
      closeLabel={t('close')}
    >
      <div className="results" data-testid="results">
        {isClosedUnplayed ? (
          <p className="results-balance" data-testid="results-closed">
            {t('result.closed_note')}
          </p>
        ) : null}
        {isClosedUnplayed ? <ClosedReason reason={closedReason ?? null} /> : null}
        <ol className="results-list">
          {lines.map((line) => {
            const seat = watch.seats[line.player_id];
            const name = seat?.player.username ?? line.player_id;
            return (
              <li
                key={line.player_id}
                className={`results-line results-${line.result}${line.player_id === me ? ' results-me' : ''}`}
                data-testid="result-line"
              >
                <Avatar url={seat?.avatar} name={name} size={36} />
                <span className="results-who">
                  <span className="results-name">
                    {cutName(name)}
                    {watch.room.is_team_mode ? <TeamBadge position={seat?.position} /> : null}
                  </span>
                  <span className="results-label" data-testid="result-reason">
                    {t(`result.${line.result}`)}
                    {reasonOf(line.player_id, line.result_reason)
                      ? ` · ${t(`result.reason_${reasonOf(line.player_id, line.result_reason)}`)}`
                      : ''}
                  </span>
                </span>
                {tournamentId === null ? (
                  <strong className={`results-amount${line.amount.startsWith('-') ? ' results-minus' : ''}`} data-testid="result-amount">
                    {signed(line.amount)}
                  </strong>
                ) : null}
              </li>
            );
          })}
        </ol>
        {watch.room.is_team_mode && !isClosedUnplayed ? <TeamOutcome watch={watch} me={me} /> : null}
        {tournamentId !== null ? <TournamentOutcome watch={watch} me={me} tournamentId={tournamentId} /> : null}
        {tournamentId === null && watch.rake && watch.rake !== '0' ? (
          <p className="results-balance" data-testid="results-rake">
            {t('result.rake')}: <strong>{formatChips(watch.rake)}</strong>
          </p>
        ) : null}
        {tournamentId === null && balance !== undefined && watch.seats[me] ? (
          <p className="results-balance" data-testid="results-balance">
            {t('result.balance')}: <strong>{formatChips(balance)}</strong>
          </p>
        ) : null}
        {watch.seed && watch.seed_hash ? (
          <details className="fair">
            <summary>{t('fair.title')}</summary>
            <p className="fair-line">
              {t('fair.hash')}: <code>{watch.seed_hash}</code>
            </p>
            <p className="fair-line">
              {t('fair.seed')}: <code data-testid="revealed-seed">{watch.seed}</code>
            </p>
            <button
              type="button"
              className="btn btn-ghost btn-block"
              data-testid="check-deal"
              onClick={() => setCheck(checkDeal(watch.seed!, watch.seed_hash!, deckSizeOf(watch.room.deck_size), order.length))}
            >
              {t('fair.check')}
            </button>
            {check ? (
              <div className="fair-result" data-testid="fair-result">
                <p className={check.isHashMatching ? 'fair-ok' : 'fair-bad'}>{check.isHashMatching ? t('fair.ok') : t('fair.bad')}</p>
                {myIndex >= 0 ? (
                  <>
                    <p>{t('fair.your_deal')}</p>
                    <div className="fair-cards">
                      {check.hands[myIndex]?.map((c) => (
                        <CardFace key={cardKey(c)} card={c} width={40} />
                      ))}
                      <span className="fair-trump">
                        {t('table.trump')}: <CardFace card={check.trump} width={40} />
                      </span>
                    </div>
                  </>
                ) : null}
              </div>
            ) : null}
          </details>
        ) : null}
        {watch.status === 'FINISHED' && watch.seed ? (
          <div className="results-replay" data-testid="results-replay">
            <ReplayEntry roomId={watch.room_id} />
          </div>
        ) : null}
        {rematch?.isOffered ? (
          <p className="results-balance" role="status" data-testid="rematch-offered">
            {t('result.rematch_offered')}
          </p>
        ) : null}
        {rematch?.failed ? (
          <p className="results-balance" role="alert">
            {t('result.rematch_failed')}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('result.stay')}
          </button>
          {tournamentId === null && rematch && !isClosedUnplayed && watch.seats[me] ? (
            <button
              type="button"
              className={`btn ${rematch.isOffered ? 'btn-gold' : 'btn-ghost'}`}
              disabled={rematch.isPending}
              onClick={rematch.onRematch}
              data-testid="results-rematch"
            >
              {t('result.rematch')}
            </button>
          ) : null}
          {tournamentId === null ? (
            <Link to="/games" className="btn btn-gold" data-testid="results-lobby">
              {t('result.to_lobby')}
            </Link>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

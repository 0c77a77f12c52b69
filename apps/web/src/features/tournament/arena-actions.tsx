import type { ArenaStanding, TournamentDetail } from '@durak/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { refreshWallets, useWallets } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorNotice } from './error-notice';
import { tournamentApi } from './tournament-api';
import { tablePath } from '../../routes/paths';

type Action = 'register' | 'cancelRegistration' | 'join' | 'pause';

const isLive = (t: TournamentDetail) => t.status === 'running' || t.status === 'paused';
const isOpen = (t: TournamentDetail, nowMs: number) =>
  t.status === 'registration' || (isLive(t) && t.ends_at !== null && Date.parse(t.ends_at) > nowMs);

/**
 * The caller's part in an arena: enter (any time until the clock ends, the buy-in confirmed),
 * withdraw before the start, and while it runs "join" (into the pairing) or "pause" (out of it,
 * points kept); their line of the board and a link into their game.
 */
export function ArenaActions({
  t: tournament,
  me,
  nowMs,
  onDetail,
  clock,
}: {
  t: TournamentDetail;
  me: ArenaStanding | undefined;
  nowMs: number;
  onDetail: (next: TournamentDetail) => void;
  /** The arena's clock, at the top of the card. */
  clock?: React.ReactNode;
}) {
  const { t } = useTranslation('tournament');
  const { t: ta } = useTranslation('arena');
  const wallets = useWallets();
  const client = useQueryClient();
  const balance = wallets?.find((w) => w.wallet_type === tournament.balance_type)?.balance ?? '0';
  const wallet = t(`wallet.${tournament.balance_type}`);
  const [asking, setAsking] = useState<'register' | 'cancelRegistration' | null>(null);
  const info = tournament.player_info;

  const act = useMutation({
    mutationFn: (action: Action) =>
      action === 'register'
        ? tournamentApi.register(tournament.id)
        : action === 'cancelRegistration'
          ? tournamentApi.cancelRegistration(tournament.id)
          : action === 'join'
            ? tournamentApi.join(tournament.id)
            : tournamentApi.pauseMe(tournament.id),
    onSuccess: async (next, action) => {
      setAsking(null);
      onDetail(next);
      if (action === 'register' || action === 'cancelRegistration') await refreshWallets(client);
    },
    onError: () => setAsking(null),
  });
  const failure = act.error ? toApiFailure(act.error) : null;
  const run = (action: Action) => {
    act.reset();
    if (action === 'register' || action === 'cancelRegistration') setAsking(action);
    else act.mutate(action);
  };
  const question = asking === 'cancelRegistration' ? 'confirm.withdraw' : 'confirm.register';

  return (
    <section className="trn-card panel trn-me" aria-labelledby="arena-me-title" data-testid="tournament-me">
      {clock}
      <h2 id="arena-me-title">{t('me.title')}</h2>
      <p className="trn-balance">{t('me.balance', { amount: formatChips(balance), wallet })}</p>
      <p data-testid="tournament-my-state">{myState(tournament, me, ta)}</p>
      {me ? (
        <p className="trn-place" data-testid="arena-my-line">
          {ta('me.line', { place: me.place, points: me.points, games: me.games })}
          {info.prize !== null && info.prize !== '0' ? ` · ${t('me.prize', { amount: formatChips(info.prize), wallet })}` : ''}
        </p>
      ) : null}
      {info.room_id !== null && (me === undefined || me.playing) ? (
        <Link to={tablePath(info.room_id)} className="btn btn-gold btn-block" data-testid="tournament-my-game">
          {t('me.to_game')}
        </Link>
      ) : null}
      {failure ? <ErrorNotice failure={failure} /> : null}
      <div className="trn-buttons">
        {!info.is_registered && isOpen(tournament, nowMs) && tournament.players_count < tournament.max_players ? (
          <button type="button" className="btn btn-gold btn-block" onClick={() => run('register')} data-testid="tournament-register">
            {tournament.buy_in === '0' ? ta('action.enter_free') : ta('action.enter', { amount: formatChips(tournament.buy_in) })}
          </button>
        ) : null}
        {info.is_registered && tournament.status === 'registration' ? (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => run('cancelRegistration')}
            data-testid="tournament-withdraw"
          >
            {t('action.withdraw')}
          </button>
        ) : null}
        {info.is_registered && isOpen(tournament, nowMs) && isLive(tournament) ? (
          info.is_paused ? (
            <button
              type="button"
              className="btn btn-gold btn-block"
              disabled={act.isPending}
              onClick={() => run('join')}
              data-testid="arena-join"
            >
              {ta('action.join')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-block"
              disabled={act.isPending}
              onClick={() => run('pause')}
              data-testid="arena-pause"
            >
              {ta('action.pause')}
            </button>
          )
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={asking !== null}
        isPending={act.isPending}
        isDanger={asking === 'cancelRegistration'}
        title={asking ? t(`${question}_title`) : ''}
        text={asking ? t(question, { amount: formatChips(tournament.buy_in), wallet, name: tournament.name }) : ''}
        confirmLabel={asking ? t(`${question}_yes`) : ''}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && act.mutate(asking)}
      />
    </section>
  );
}

function myState(
  tournament: TournamentDetail,
  me: ArenaStanding | undefined,
  ta: (key: string, values?: Record<string, unknown>) => string,
) {
  const info = tournament.player_info;
  if (tournament.status === 'cancelled') return ta('me.cancelled');
  if (!info.is_registered) return tournament.status === 'finished' ? ta('me.not_in') : ta('me.not_registered');
  if (tournament.status === 'registration') return ta('me.registered');
  if (tournament.status === 'finished') return info.place === 1 ? ta('me.won') : ta('me.finished', { place: info.place ?? '—' });
  if (info.is_paused) return ta('me.paused');
  if (me?.playing || info.room_id !== null) return ta('me.playing');
  return ta('me.waiting');
}

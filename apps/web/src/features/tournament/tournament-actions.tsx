import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { refreshWallets, useWallets } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorNotice } from './error-notice';
import type { TournamentDetail } from '@durak/protocol';
import { tournamentApi } from './tournament-api';
import { canRebuy, canRegister, canWithdraw } from './tournament-rules';
import { tablePath } from '../../routes/paths';

type Action = 'register' | 'cancelRegistration' | 'rebuy';

/** The caller's part: entry, withdrawal, rebuy (each confirmed, naming the chips), place, prize, game. */
export function TournamentActions({
  t: tournament,
  roomId,
  isFinalSeated,
  onDetail,
}: {
  t: TournamentDetail;
  roomId: number | null;
  isFinalSeated: boolean;
  onDetail: (next: TournamentDetail) => void;
}) {
  const { t } = useTranslation('tournament');
  const wallets = useWallets();
  const client = useQueryClient();
  const balance = wallets?.find((w) => w.wallet_type === tournament.balance_type)?.balance ?? '0';
  const wallet = t(`wallet.${tournament.balance_type}`);
  const [asking, setAsking] = useState<Action | null>(null);
  const info = tournament.player_info;

  const act = useMutation({
    mutationFn: (action: Action) =>
      action === 'register'
        ? tournamentApi.register(tournament.id)
        : action === 'cancelRegistration'
          ? tournamentApi.cancelRegistration(tournament.id)
          : tournamentApi.rebuy(tournament.id),
    onSuccess: async (next) => {
      setAsking(null);
      onDetail(next);
      // The wallet moved: the header and the balance here read it again.
      await refreshWallets(client);
    },
    onError: () => setAsking(null),
  });
  const failure = act.error ? toApiFailure(act.error) : null;

  const amount = asking === 'rebuy' ? tournament.rebuy_price : tournament.buy_in;
  const question = asking === 'register' ? 'confirm.register' : asking === 'cancelRegistration' ? 'confirm.withdraw' : 'confirm.rebuy';
  const start = (action: Action) => {
    act.reset();
    setAsking(action);
  };

  return (
    <section className="trn-card panel trn-me" aria-labelledby="trn-me-title" data-testid="tournament-me">
      <h2 id="trn-me-title">{t('me.title')}</h2>
      <p className="trn-balance">{t('me.balance', { amount: formatChips(balance), wallet })}</p>
      <p data-testid="tournament-my-state">{myState(tournament, t)}</p>
      {info.place !== null ? (
        <p className="trn-place" data-testid="tournament-my-place">
          {t('me.place', { place: info.place })}
          {info.prize !== null && info.prize !== '0' ? ` · ${t('me.prize', { amount: formatChips(info.prize), wallet })}` : ''}
        </p>
      ) : null}
      {roomId !== null ? (
        <Link to={tablePath(roomId)} className="btn btn-gold btn-block" data-testid="tournament-my-game">
          {t('me.to_game')}
        </Link>
      ) : null}
      {failure ? <ErrorNotice failure={failure} /> : null}
      <div className="trn-buttons">
        {canRegister(tournament) ? (
          <button type="button" className="btn btn-gold btn-block" onClick={() => start('register')} data-testid="tournament-register">
            {tournament.buy_in === '0' ? t('action.register_free') : t('action.register', { amount: formatChips(tournament.buy_in) })}
          </button>
        ) : null}
        {canWithdraw(tournament) ? (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => start('cancelRegistration')}
            data-testid="tournament-withdraw"
          >
            {t('action.withdraw')}
          </button>
        ) : null}
        {canRebuy(tournament, isFinalSeated) ? (
          <button type="button" className="btn btn-gold btn-block" onClick={() => start('rebuy')} data-testid="tournament-rebuy">
            {t('action.rebuy', { amount: formatChips(tournament.rebuy_price) })}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={asking !== null}
        isPending={act.isPending}
        isDanger={asking === 'cancelRegistration'}
        title={asking ? t(`${question}_title`) : ''}
        text={asking ? t(question, { amount: formatChips(amount), wallet, name: tournament.name }) : ''}
        confirmLabel={asking ? t(`${question}_yes`) : ''}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && act.mutate(asking)}
      />
    </section>
  );
}

function myState(tournament: TournamentDetail, t: (key: string, values?: Record<string, unknown>) => string): string {
  const info = tournament.player_info;
  if (!info.is_registered)
    return tournament.status === 'registration'
      ? tournament.players_count >= tournament.max_players
        ? t('me.full')
        : t('me.not_registered')
      : t('me.not_in');
  if (tournament.status === 'registration') return t('me.registered');
  if (tournament.status === 'cancelled') return t('me.cancelled');
  if (tournament.status === 'finished') return info.place === 1 ? t('me.won') : t('me.finished');
  if (info.is_eliminated) return t('me.eliminated');
  return info.bye_round !== null ? t('me.bye', { round: info.bye_round, next: info.bye_round + 1 }) : t('me.playing');
}

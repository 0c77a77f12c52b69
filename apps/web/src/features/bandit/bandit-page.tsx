import type { PaytableAnswer } from '@durak/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playSlotSound, slotSoundBank } from '../../device/sound-player';
import { useUser } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import { banditApi } from './bandit-api';
import { FairDialog } from './fair-dialog';
import { ReelView } from './reel-view';
import { reelMotion } from './reels';
import { RulesDialog } from './rules-dialog';
import { formatElapsed, isWinOverStake, signedChips } from './session';
import { useSlotMachine } from './use-slot-machine';
import '../games/lobby.css';
import './bandit.css';
import { queryKeys } from '../../net/query-keys';

const BET_STEPS = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;
const WALLETS = ['BONUS_BALANCE', 'BALANCE'] as const;
const RULES_SEEN = 'bandit.rules_seen';

function useElapsed(): number {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now - startedAt;
}

function Machine({ paytable }: { paytable: PaytableAnswer }) {
  const { t } = useTranslation('bandit');
  const user = useUser();
  const [motion] = useState(() => reelMotion(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false));
  const machine = useSlotMachine(paytable, motion);
  const elapsed = useElapsed();
  const [betIndex, setBetIndex] = useState(3);
  const [wallet, setWallet] = useState<(typeof WALLETS)[number]>('BONUS_BALANCE');
  // The rules come first on a player's first visit: the paytable is seen before the first spin.
  const [dialog, setDialog] = useState<'rules' | 'fair' | null>(() => (localStorage.getItem(RULES_SEEN) ? null : 'rules'));
  const bet = BET_STEPS[betIndex]!;
  const isBusy = machine.phase !== 'idle';
  const result = machine.result;
  const balanceOf = (type: string) => user?.wallets.find((w) => w.wallet_type === type)?.balance ?? '0';
  // Lights only for a real win (FEATURES.md §13): the stake back is no celebration.
  const winning = result && isWinOverStake(result.bet, result.win);
  const outcome = !result ? 'none' : isWinOverStake(result.bet, result.win) ? 'win' : result.multiplier > 0 ? 'push' : 'lose';

  const closeRules = () => {
    localStorage.setItem(RULES_SEEN, '1');
    setDialog(null);
  };

  return (
    <main className="bandit-page">
      <header className="bandit-header">
        <Link to="/" className="icon-btn" aria-label={t('back')}>
          ‹
        </Link>
        <h1>{t('title')}</h1>
        <div className="bandit-header-tools">
          <button type="button" className="btn btn-ghost bandit-tool" onClick={() => setDialog('rules')}>
            {t('rules_button')}
          </button>
          <button type="button" className="btn btn-ghost bandit-tool" onClick={() => setDialog('fair')}>
            {t('fair_button')}
          </button>
        </div>
      </header>

      <section className="bandit-session" aria-label={t('session.title')}>
        <div>
          <span>{t('session.net')}</span>
          <strong data-testid="session-net" className={machine.tally.net > 0n ? 'is-up' : machine.tally.net < 0n ? 'is-down' : ''}>
            {signedChips(machine.tally.net, formatChips)}
          </strong>
        </div>
        <div>
          <span>{t('session.spins')}</span>
          <strong>{machine.tally.spins}</strong>
        </div>
        <div>
          <span>{t('session.time')}</span>
          <strong data-testid="session-time">{formatElapsed(elapsed)}</strong>
        </div>
      </section>

      <div className={`slot-cabinet${winning && !isBusy ? ' slot-cabinet-win' : ''}`}>
        <div className="slot-window" data-testid="slot-window" data-phase={machine.phase}>
          {paytable.strips.map((strip, reel) => (
            <ReelView
              key={reel}
              strip={strip}
              stop={machine.shown[reel] ?? 0}
              travel={machine.travels[reel] ?? null}
              durationMs={motion.durationsMs[reel] ?? 500}
              isWinning={Boolean(winning) && !isBusy}
              onStopped={machine.onReelStopped}
              label={(symbol) => t(`symbols.${symbol}`)}
            />
          ))}
          <div className="slot-payline" aria-hidden="true" />
        </div>
        <p className="slot-result" aria-live="polite" data-testid="slot-result" data-outcome={isBusy ? 'pending' : outcome}>
          {isBusy
            ? t('spinning')
            : !result
              ? t('result.ready')
              : outcome === 'win'
                ? t('result.win', { amount: formatChips(result.win), multiplier: result.multiplier })
                : outcome === 'push'
                  ? t('result.push', { amount: formatChips(result.win) })
                  : t('result.lose')}
        </p>
      </div>

      <section className="slot-controls">
        <div className="slot-wallets" role="radiogroup" aria-label={t('wallet_title')}>
          {WALLETS.map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={wallet === type}
              disabled={isBusy}
              className={`slot-wallet${wallet === type ? ' is-chosen' : ''}`}
              onClick={() => setWallet(type)}
            >
              <span className={`room-coin room-coin-${type.toLowerCase()}`} aria-hidden="true" />
              <span>{t(`wallet.${type}`)}</span>
              <strong data-testid={`slot-balance-${type}`}>{formatChips(balanceOf(type))}</strong>
            </button>
          ))}
        </div>
        <div className="slot-bet">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('bet_down')}
            disabled={isBusy || betIndex === 0}
            onClick={() => setBetIndex((i) => Math.max(0, i - 1))}
          >
            −
          </button>
          <div className="slot-bet-value">
            <span>{t('bet')}</span>
            <strong data-testid="slot-bet">{formatChips(String(bet))}</strong>
          </div>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('bet_up')}
            disabled={isBusy || betIndex === BET_STEPS.length - 1}
            onClick={() => setBetIndex((i) => Math.min(BET_STEPS.length - 1, i + 1))}
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="btn btn-gold btn-block slot-spin"
          data-testid="slot-spin"
          disabled={isBusy || machine.isCooling}
          onClick={() => void machine.spin(bet, wallet)}
        >
          {isBusy ? t('spinning') : t('spin')}
        </button>
        {machine.failure ? (
          <p className="bandit-error" role="alert" data-testid="slot-error">
            {machine.failure.code === 'wallet/insufficient_funds'
              ? t('errors.insufficient')
              : machine.failure.code === 'network/unreachable'
                ? t('errors.network')
                : t('errors.unknown')}
          </p>
        ) : null}
      </section>

      <RulesDialog
        paytable={paytable}
        isOpen={dialog === 'rules'}
        onClose={closeRules}
        onPlay={() => {
          playSlotSound('start2');
          closeRules();
        }}
      />
      <FairDialog paytable={paytable} isOpen={dialog === 'fair'} onClose={() => setDialog(null)} />
    </main>
  );
}

/** /bandit: the slot machine (FEATURES.md §4). */
export function BanditPage() {
  const { t, ready } = useTranslation('bandit');
  const paytable = useQuery({ queryKey: queryKeys.bandit.paytable, queryFn: banditApi.paytable, staleTime: Infinity });

  // The slot sounds load here and only here (SPEC §9's slot group), not with the app's sounds.
  useEffect(() => {
    void slotSoundBank().preload();
  }, []);

  if (!ready || paytable.isPending) return <Spinner isPage />;
  if (paytable.isError) {
    return (
      <main className="bandit-page bandit-failed">
        <p className="bandit-error" role="alert">
          {t('errors.load')}
        </p>
        <button type="button" className="btn btn-gold" onClick={() => void paytable.refetch()}>
          {t('errors.retry')}
        </button>
        <Link to="/" className="btn btn-ghost">
          {t('back')}
        </Link>
      </main>
    );
  }
  return <Machine paytable={paytable.data} />;
}

import type { Career } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { formatChips } from '../../ui/format';

/** The totals: games, wins, defeats, draws, win rate, streaks, and chips won and lost per wallet. */
export function CareerStats({ career }: { career: Career }) {
  const { t } = useTranslation('player');
  const figures: [string, string | number][] = [
    ['games', career.games],
    ['wins', career.wins],
    ['defeats', career.defeats],
    ['draws', career.draws],
    ['win_rate', `${Math.round(career.win_rate * 100)}%`],
    ['best_streak', career.best_streak],
    ['current_streak', career.current_streak],
    ['rating', Math.round(career.rating)],
  ];
  return (
    <>
      <dl className="career-figures" data-testid="career-figures">
        {figures.map(([key, value]) => (
          <div key={key} className="career-figure" data-testid={`career-${key}`}>
            <dt>{t(`career.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {career.wallets.length > 0 ? (
        <table className="career-table" data-testid="career-wallets">
          <thead>
            <tr>
              <th scope="col">{t('career.wallet')}</th>
              <th scope="col">{t('career.won')}</th>
              <th scope="col">{t('career.lost')}</th>
            </tr>
          </thead>
          <tbody>
            {career.wallets.map((w) => (
              <tr key={w.wallet_type}>
                <th scope="row">{t(`wallet.${w.wallet_type}`, { defaultValue: w.wallet_type })}</th>
                {/* A sign only on a real amount: nothing won or lost reads 0, not +0 or −0. */}
                <td className="chips-won">{w.won === '0' ? '0' : `+${formatChips(w.won)}`}</td>
                <td className="chips-lost">{w.lost === '0' ? '0' : `−${formatChips(w.lost)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { useWallets } from '../../../net/user-query';
import { formatChips } from '../../../ui/format';

// Both play wallets are always named, even at zero: the bonus balance is what new players play with.
const SHOWN = ['BONUS_BALANCE', 'BALANCE'] as const;

/** Both balances by name (FEATURES.md §3); they follow wallet_changed through the user store. */
export function BalancesSection() {
  const { t } = useTranslation('player');
  const wallets = useWallets();
  return (
    <section className="panel home-balances" aria-labelledby="balances-title">
      <h2 id="balances-title">{t('home.balances')}</h2>
      <dl>
        {SHOWN.map((type) => (
          <div key={type} className={`home-balance wallet-${type.toLowerCase()}`} data-testid={`home-balance-${type}`}>
            <dt>
              <span className="wallet-coin" aria-hidden="true" />
              {t(`wallet.${type}`)}
            </dt>
            <dd>{formatChips(wallets.find((w) => w.wallet_type === type)?.balance ?? '0')}</dd>
            {/* A second description of the wallet: a dl's group holds only dt and dd. */}
            <dd className="home-balance-hint">{t(`home.${type}_hint`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

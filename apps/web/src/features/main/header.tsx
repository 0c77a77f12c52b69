import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Me } from '@durak/protocol';
import { Avatar } from '../../ui/avatar';
import { cutName, formatChips } from '../../ui/format';
import { orderedWallets } from '../store/store-logic';

/**
 * The user and both wallets, each named. The balances follow the `#{userId}` channel (the
 * realtime link replaces the user's wallets), and a tap on them leads to the chips in the store.
 */
export function Header({ user }: { user: Me }) {
  const { t } = useTranslation();
  return (
    <header className="main-header">
      <div className="main-user">
        <Avatar url={user.avatar_url} name={user.username} size={44} />
        <span className="main-username" title={user.username} data-testid="header-username">
          {cutName(user.username)}
        </span>
      </div>
      {/* Named by what it shows (the balances) and then where it leads, so a voice command can say what is seen. */}
      <Link to="/store?tab=chips" className="main-wallets-link">
        <ul className="main-wallets">
          {orderedWallets(user.wallets).map((wallet) => (
            <li
              key={wallet.wallet_type}
              className={`wallet wallet-${wallet.wallet_type.toLowerCase()}`}
              data-testid={`wallet-${wallet.wallet_type}`}
            >
              <span className="wallet-coin" aria-hidden="true" />
              <span className="wallet-text">
                <span className="wallet-name">{t(`wallet.${wallet.wallet_type}`, { defaultValue: wallet.wallet_type })}</span>
                <span className="wallet-amount">{formatChips(wallet.balance)}</span>
              </span>
            </li>
          ))}
        </ul>
        <span className="visually-hidden">{t('store.get_chips_in_store')}</span>
      </Link>
    </header>
  );
}

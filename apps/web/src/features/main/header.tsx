import { useTranslation } from 'react-i18next';
import type { User } from '../../net/api';
import { Avatar } from '../../ui/avatar';
import { cutName, formatChips } from '../../ui/format';

// Balance first, then the bonus balance; any other wallet type after them.
const WALLET_ORDER = ['BALANCE', 'BONUS_BALANCE'];

export function Header({ user }: { user: User }) {
  const { t } = useTranslation();
  const wallets = [...user.wallets].sort((a, b) => {
    const rank = (w: string) => (WALLET_ORDER.includes(w) ? WALLET_ORDER.indexOf(w) : 99);
    return rank(a.wallet_type) - rank(b.wallet_type);
  });
  return (
    <header className="main-header">
      <div className="main-user">
        <Avatar url={user.avatar_url} name={user.username} size={44} />
        <span className="main-username" title={user.username} data-testid="header-username">
          {cutName(user.username)}
        </span>
      </div>
      <ul className="main-wallets" aria-label={t('wallet.title')}>
        {wallets.map((wallet) => (
          <li key={wallet.wallet_type} className={`wallet wallet-${wallet.wallet_type.toLowerCase()}`} data-testid={`wallet-${wallet.wallet_type}`}>
            <span className="wallet-coin" aria-hidden="true" />
            <span className="visually-hidden">{t(`wallet.${wallet.wallet_type}`, { defaultValue: wallet.wallet_type })}: </span>
            <span className="wallet-amount">{formatChips(wallet.balance)}</span>
          </li>
        ))}
      </ul>
    </header>
  );
}

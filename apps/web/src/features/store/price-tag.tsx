import { useTranslation } from 'react-i18next';
import { formatChips } from '../../ui/format';

/** A price and the wallet it is paid from: "1 500 · Bonus". */
export function PriceTag({ price, walletType }: { price: string; walletType: string }) {
  const { t } = useTranslation();
  if (price === '0') return <span className="price-tag">{t('store.free')}</span>;
  return (
    <span className="price-tag" data-testid="price">
      <span className={`wallet-coin wallet-coin-${walletType.toLowerCase()}`} aria-hidden="true" />
      <span className="price-amount">{formatChips(price)}</span>
      <small>{t(`wallet.${walletType}`, { defaultValue: walletType })}</small>
    </span>
  );
}

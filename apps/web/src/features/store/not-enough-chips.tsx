import { useTranslation } from 'react-i18next';
import { formatChips } from '../../ui/format';

/** Says which wallet is short and by how much, with the way to get chips right there. */
export function NotEnoughChips({ walletType, missing, onGetChips }: { walletType: string; missing: bigint; onGetChips: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="funds-short" role="alert" data-testid="not-enough-chips">
      <p>
        {t('funds.not_enough', {
          wallet: t(`wallet.${walletType}`, { defaultValue: walletType }),
          missing: formatChips(missing.toString()),
        })}
      </p>
      <button type="button" className="btn btn-gold btn-block" onClick={onGetChips} data-testid="get-chips">
        {t('funds.get_chips')}
      </button>
    </div>
  );
}

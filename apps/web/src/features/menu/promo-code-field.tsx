import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure, type ApiErrorCode } from '../../net/api-error';
import { economyApi } from '../../net/economy-api';
import { formatChips } from '../../ui/format';
import { refreshWallets } from '../../net/user-query';

/** What each refusal of a promo code tells the player. */
const MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  'promo/not_found': 'promo.not_found',
  'promo/expired': 'promo.expired',
  'promo/used_up': 'promo.used_up',
  'promo/already_used': 'promo.already_used',
  'request/rate_limited': 'promo.rate_limited',
  'request/invalid': 'promo.not_found',
  'network/unreachable': 'errors.network',
};

/** The menu's promo code field (FEATURES.md §2): the chips land in the wallet the code names. */
export function PromoCodeField() {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ isOk: boolean; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit() {
    const value = code.trim();
    if (!value) return;
    setBusy(true);
    try {
      const used = await economyApi.usePromoCode(value);
      setResult({
        isOk: true,
        text: t('promo.success', {
          amount: formatChips(used.amount),
          wallet: t(`wallet.${used.wallet_type}`, { defaultValue: used.wallet_type }),
        }),
      });
      setCode('');
      await refreshWallets(client);
    } catch (error) {
      setResult({ isOk: false, text: t(MESSAGES[toApiFailure(error).code] ?? 'errors.unknown') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="menu-row promo"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id}>{t('promo.title')}</label>
      <div className="promo-line">
        <input
          id={id}
          className="promo-input"
          value={code}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('promo.placeholder')}
          data-testid="promo-input"
          onChange={(event) => {
            setCode(event.target.value);
            setResult(null);
          }}
        />
        <button type="submit" className="btn btn-gold" disabled={isBusy || code.trim() === ''} data-testid="promo-submit">
          {t('promo.submit')}
        </button>
      </div>
      {result ? (
        <p className={result.isOk ? 'promo-ok' : 'field-error'} role={result.isOk ? 'status' : 'alert'} data-testid="promo-result">
          {result.text}
        </p>
      ) : null}
    </form>
  );
}

import type { WalletType } from '@durak/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMiniApp } from '../../device/telegram';
import { toApiFailure } from '../../net/api-error';
import { economyApi } from '../../net/economy-api';
import { formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { SandboxNotice } from './sandbox-notice';
import { checkAmount, newIdempotencyKey, orderedWallets, type AmountError } from './store-logic';
import { queryKeys } from '../../net/query-keys';
import { refreshWallets } from '../../net/user-query';

export interface DepositPreset {
  readonly walletType?: WalletType;
  readonly amount?: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; amount: string }
  | { kind: 'pending'; payUrl: string }
  | { kind: 'error'; key: string };

const WALLETS = orderedWallets([
  { wallet_type: 'BALANCE', balance: '0' },
  { wallet_type: 'BONUS_BALANCE', balance: '0' },
]).map((w) => w.wallet_type);

/** Inside Telegram the Stars invoice opens in the host; elsewhere the link opens in a new tab. */
async function openPayment(url: string): Promise<boolean> {
  if (isMiniApp()) {
    try {
      const { openInvoice } = await import('@telegram-apps/sdk-react');
      if (openInvoice.isAvailable()) return (await openInvoice(url, 'url')) === 'paid';
    } catch {
      // fall through to the plain link
    }
  }
  window.open(url, '_blank', 'noopener');
  return false;
}

/**
 * Adding chips (FEATURES.md §2): the wallet, the amount (presets from the chip packs), and the
 * provider — Telegram Stars inside the mini-app, the sandbox elsewhere. One key per intended
 * payment, kept while amount and wallet stay the same, so a retry after a timeout pays once.
 */
export function DepositDialog({ preset, onClose }: { preset: DepositPreset | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { amount: useId(), error: useId() };
  const provider = isMiniApp() ? 'telegram_stars' : 'sandbox';
  const client = useQueryClient();
  const packs = useQuery({
    queryKey: queryKeys.economy.products('chips'),
    queryFn: () => economyApi.products('chips'),
    enabled: preset !== null,
  });
  const firstPack = packs.data?.[0];
  // Chips per Star, read from the packs (amount / price), so the dialog follows the server's rate.
  const step =
    provider === 'telegram_stars' && firstPack?.amount && firstPack.price !== '0' ? BigInt(firstPack.amount) / BigInt(firstPack.price) : 1n;
  // Stars are charged by the packs' rate: without the packs it is unknown, so nothing is offered.
  const isRateUnknown = provider === 'telegram_stars' && packs.isError;
  const [walletType, setWalletType] = useState<WalletType>('BALANCE');
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const key = useRef<string | null>(null);

  useEffect(() => {
    if (!preset) return;
    setWalletType(preset.walletType ?? 'BALANCE');
    const wanted = preset.amount ? BigInt(preset.amount) : 0n;
    // A missing amount is rounded up to what the provider can charge.
    setAmountText(wanted > 0n ? (((wanted + step - 1n) / step) * step).toString() : '');
    setAmountError(null);
    setStatus({ kind: 'idle' });
    key.current = null;
  }, [preset, step]);

  function change(update: () => void) {
    update();
    key.current = null;
    setAmountError(null);
    if (status.kind !== 'busy') setStatus({ kind: 'idle' });
  }

  async function submit() {
    const checked = checkAmount(amountText, step);
    if ('error' in checked) {
      setAmountError(checked.error);
      return;
    }
    key.current ??= newIdempotencyKey('deposit');
    setStatus({ kind: 'busy' });
    try {
      const answer = await economyApi.deposit(provider, walletType, checked.amount, key.current);
      if (answer.status === 'completed') {
        key.current = null;
        setStatus({ kind: 'done', amount: checked.amount });
        await refreshWallets(client);
        return;
      }
      if (!answer.pay_url) throw new Error('no payment link');
      setStatus({ kind: 'pending', payUrl: answer.pay_url });
      if (await openPayment(answer.pay_url)) {
        key.current = null;
        setStatus({ kind: 'done', amount: checked.amount });
        await refreshWallets(client);
      }
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.field === 'amount') setAmountError('invalid');
      setStatus({
        kind: 'error',
        key:
          failure.code === 'payment/provider_not_found'
            ? 'deposit.unavailable'
            : failure.code === 'network/unreachable'
              ? 'errors.network'
              : 'deposit.failed',
      });
    }
  }

  const presets = (packs.data ?? []).map((p) => p.amount).filter((a): a is string => Boolean(a));
  return (
    <Modal isOpen={preset !== null} onClose={onClose} title={t('deposit.title')} closeLabel={t('common.close')}>
      <form
        className="deposit"
        data-testid="deposit-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SandboxNotice />
        <fieldset className="deposit-wallets">
          <legend>{t('deposit.wallet')}</legend>
          {WALLETS.map((type) => (
            <label key={type} className={`chip-choice${walletType === type ? ' chip-choice-on' : ''}`}>
              <input
                type="radio"
                name="deposit-wallet"
                value={type}
                checked={walletType === type}
                onChange={() => change(() => setWalletType(type))}
              />
              {t(`wallet.${type}`, { defaultValue: type })}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={ids.amount}>{t('deposit.amount')}</label>
          <input
            id={ids.amount}
            inputMode="numeric"
            autoComplete="off"
            value={amountText}
            aria-invalid={amountError !== null}
            aria-describedby={ids.error}
            data-testid="deposit-amount"
            onChange={(event) => change(() => setAmountText(event.target.value))}
          />
          <p id={ids.error} className="field-error" role={amountError ? 'alert' : undefined}>
            {amountError ? t(`deposit.amount_${amountError}`, { step: formatChips(step.toString()) }) : ''}
          </p>
        </div>
        {presets.length > 0 ? (
          <div className="deposit-presets">
            {presets.map((amount) => (
              <button
                key={amount}
                type="button"
                className={`chip-choice${amountText === amount ? ' chip-choice-on' : ''}`}
                onClick={() => change(() => setAmountText(amount))}
              >
                {formatChips(amount)}
              </button>
            ))}
          </div>
        ) : null}
        {status.kind === 'done' ? (
          <p className="deposit-note deposit-note-ok" role="status" data-testid="deposit-done">
            {t('deposit.done', { amount: formatChips(status.amount), wallet: t(`wallet.${walletType}`, { defaultValue: walletType }) })}
          </p>
        ) : null}
        {status.kind === 'pending' ? (
          <p className="deposit-note" role="status">
            {t('deposit.pending')}{' '}
            <a href={status.payUrl} target="_blank" rel="noopener noreferrer">
              {t('deposit.open_payment')}
            </a>
          </p>
        ) : null}
        {status.kind === 'error' ? (
          <p className="field-error" role="alert">
            {t(status.key)}
          </p>
        ) : null}
        {isRateUnknown ? (
          <p className="field-error" role="alert">
            {t('deposit.unavailable')}
          </p>
        ) : null}
        {status.kind === 'done' ? (
          // Paid: another tap must not pay again; changing the wallet or the amount starts a new deposit.
          <button type="button" className="btn btn-gold btn-block" onClick={onClose} data-testid="deposit-close">
            {t('common.close')}
          </button>
        ) : (
          <button
            type="submit"
            className="btn btn-gold btn-block"
            disabled={status.kind === 'busy' || isRateUnknown}
            data-testid="deposit-submit"
          >
            {provider === 'telegram_stars' ? t('deposit.submit_stars') : t('deposit.submit')}
          </button>
        )}
      </form>
    </Modal>
  );
}

import type { Product } from '@durak/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../net/api-error';
import { economyApi } from '../../net/economy-api';
import { refreshWallets, useWallets } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import type { DepositPreset } from './deposit-dialog';
import { NotEnoughChips } from './not-enough-chips';
import { missingFor, newIdempotencyKey } from './store-logic';
import { queryKeys } from '../../net/query-keys';

/** Chip packs (paid through a deposit) and the offers that exchange bought chips for bonus chips. */
export function ChipsTab({ onDeposit }: { onDeposit: (preset: DepositPreset) => void }) {
  const { t } = useTranslation();
  const wallets = useWallets();
  const client = useQueryClient();
  const packs = useQuery({ queryKey: queryKeys.economy.products('chips'), queryFn: () => economyApi.products('chips') });
  const offers = useQuery({ queryKey: queryKeys.economy.products('conversion'), queryFn: () => economyApi.products('conversion') });
  const [offer, setOffer] = useState<{ product: Product; key: string } | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'short' | 'failed'>('idle');

  if (packs.isPending || offers.isPending)
    return (
      <div className="store-state">
        <Spinner />
      </div>
    );
  if (packs.isError || offers.isError) {
    return (
      <div className="store-state" role="alert" data-testid="store-error">
        <p>{t('store.load_failed')}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void Promise.all([packs.refetch(), offers.refetch()])}>
          {t('start.retry')}
        </button>
      </div>
    );
  }
  if (packs.data.length === 0 && offers.data.length === 0)
    return (
      <p className="store-state" data-testid="store-empty">
        {t('store.empty')}
      </p>
    );

  async function convert() {
    if (!offer) return;
    setState('busy');
    try {
      await economyApi.convert(offer.product.id, offer.key);
      setState('done');
      await refreshWallets(client);
    } catch (error) {
      setState(toApiFailure(error).code === 'wallet/insufficient_funds' ? 'short' : 'failed');
    }
  }

  const from = offer?.product.from_wallet ?? 'BALANCE';
  const fromAmount = offer?.product.from_amount ?? '0';
  const isShort = offer !== null && state !== 'done' && (state === 'short' || missingFor(fromAmount, from, wallets) > 0n);
  const wallet = (type: string | undefined) => t(`wallet.${type ?? ''}`, { defaultValue: type ?? '' });

  return (
    <>
      <h2 className="store-subtitle">{t('store.packs')}</h2>
      <ul className="store-grid store-grid-chips">
        {packs.data.map((pack) => (
          <li key={pack.id} className="store-item" data-testid={`pack-${pack.id}`}>
            <div className="store-preview store-preview-chips">
              <img src={pack.image_url} alt="" loading="lazy" />
            </div>
            <strong className="store-item-name">
              {t('store.pack_amount', { amount: formatChips(pack.amount ?? '0') })}{' '}
              <small className="store-item-wallet">{wallet(pack.balance_type)}</small>
            </strong>
            <span className="price-tag">{t('store.stars', { stars: formatChips(pack.price) })}</span>
            <button
              type="button"
              className="btn btn-gold store-action"
              onClick={() => onDeposit({ walletType: pack.balance_type, ...(pack.amount ? { amount: pack.amount } : {}) })}
            >
              {t('store.buy')}
            </button>
          </li>
        ))}
      </ul>
      <h2 className="store-subtitle">{t('store.exchange')}</h2>
      <ul className="store-offers">
        {offers.data.map((product) => (
          <li key={product.id} className="store-offer" data-testid={`offer-${product.id}`}>
            <img src={product.image_url} alt="" width={60} height={50} loading="lazy" />
            <span className="store-offer-text">
              {t('store.exchange_line', {
                from: formatChips(product.from_amount ?? '0'),
                fromWallet: wallet(product.from_wallet),
                to: formatChips(product.to_amount ?? '0'),
                toWallet: wallet(product.to_wallet),
              })}
            </span>
            <button
              type="button"
              className="btn btn-gold"
              onClick={() => {
                setState('idle');
                setOffer({ product, key: newIdempotencyKey('convert') });
              }}
            >
              {t('store.exchange_button')}
            </button>
          </li>
        ))}
      </ul>
      <Modal isOpen={offer !== null} onClose={() => setOffer(null)} title={t('store.exchange_title')} closeLabel={t('common.close')}>
        {offer ? (
          <div className="store-confirm">
            <p>
              {t('store.exchange_line', {
                from: formatChips(fromAmount),
                fromWallet: wallet(from),
                to: formatChips(offer.product.to_amount ?? '0'),
                toWallet: wallet(offer.product.to_wallet),
              })}
            </p>
            {state === 'done' ? (
              <p className="deposit-note deposit-note-ok" role="status">
                {t('store.exchanged')}
              </p>
            ) : isShort ? (
              <NotEnoughChips
                walletType={from}
                missing={missingFor(fromAmount, from, wallets) || 1n}
                onGetChips={() => {
                  setOffer(null);
                  onDeposit({ walletType: from, amount: missingFor(fromAmount, from, wallets).toString() });
                }}
              />
            ) : (
              <>
                {state === 'failed' ? (
                  <p className="field-error" role="alert">
                    {t('store.buy_failed')}
                  </p>
                ) : null}
                <div className="store-confirm-actions">
                  <button type="button" className="btn btn-ghost" onClick={() => setOffer(null)}>
                    {t('common.cancel')}
                  </button>
                  <button type="button" className="btn btn-gold" disabled={state === 'busy'} onClick={() => void convert()}>
                    {t('store.exchange_button')}
                  </button>
                </div>
              </>
            )}
          </div>
        ) : null}
      </Modal>
    </>
  );
}

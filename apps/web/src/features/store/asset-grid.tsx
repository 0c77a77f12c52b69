import type { AssetItem, WalletType } from '@durak/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure, type ApiErrorCode } from '../../net/api-error';
import { economyApi } from '../../net/economy-api';
import { refreshWallets, useWallets } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { rememberApplied } from '../cards/active-assets';
import { NotEnoughChips } from './not-enough-chips';
import { PriceTag } from './price-tag';
import { itemsOfTab, itemState, missingFor, withUpdated, type StoreTab } from './store-logic';
import { queryKeys } from '../../net/query-keys';

type Failure = { code: ApiErrorCode };

/** The card backs or the felts: preview, name, price and wallet, and what the player can do. */
export function AssetGrid({
  tab,
  onGetChips,
}: {
  tab: Exclude<StoreTab, 'chips'>;
  onGetChips: (walletType: WalletType, missing: bigint) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const wallets = useWallets();
  const query = useQuery({ queryKey: queryKeys.assets.all, queryFn: economyApi.allAssets });
  const [chosen, setChosen] = useState<AssetItem | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The item whose "apply" just failed: its card says so. */
  const [applyFailedId, setApplyFailedId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  if (query.isPending)
    return (
      <div className="store-state">
        <Spinner />
      </div>
    );
  if (query.isError) {
    return (
      <div className="store-state" role="alert" data-testid="store-error">
        <p>{t('store.load_failed')}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
          {t('start.retry')}
        </button>
      </div>
    );
  }
  const items = itemsOfTab(query.data, tab);
  if (items.length === 0)
    return (
      <p className="store-state" data-testid="store-empty">
        {t('store.empty')}
      </p>
    );

  function updated(item: AssetItem) {
    client.setQueryData(queryKeys.assets.all, (old: AssetItem[] | undefined) => withUpdated(old ?? [], item));
  }

  async function apply(item: AssetItem) {
    setBusyId(item.id);
    setApplyFailedId(null);
    try {
      const applied = await economyApi.applyAsset(item.id);
      updated(applied);
      rememberApplied(client, applied);
    } catch {
      setApplyFailedId(item.id);
      await query.refetch();
    } finally {
      setBusyId(null);
    }
  }

  async function buy(item: AssetItem) {
    setBusyId(item.id);
    setFailure(null);
    try {
      const bought = await economyApi.buyAsset(item.id);
      updated(bought);
      setChosen(null);
      await refreshWallets(client);
    } catch (error) {
      const { code } = toApiFailure(error);
      setFailure({ code });
      if (code === 'asset/already_owned') await query.refetch();
      if (code === 'wallet/insufficient_funds') await refreshWallets(client);
    } finally {
      setBusyId(null);
    }
  }

  const open = (item: AssetItem) => {
    setFailure(null);
    setChosen(item);
  };
  const chosenName = chosen ? t(`store.asset.${chosen.name}`, { defaultValue: chosen.name }) : '';
  const isShort =
    chosen !== null && (failure?.code === 'wallet/insufficient_funds' || missingFor(chosen.price, chosen.balance_type, wallets) > 0n);

  return (
    <>
      <ul className={`store-grid store-grid-${tab}`}>
        {items.map((item) => {
          const state = itemState(item, wallets);
          return (
            <li key={item.id} className={`store-item store-item-${state}`} data-testid={`asset-${item.id}`} data-state={state}>
              <div className={`store-preview store-preview-${item.type === 'CARD_BACK' ? 'back' : 'felt'}`}>
                <img src={item.url} alt="" loading="lazy" />
                {state === 'active' ? <span className="store-mark store-mark-active">{t('store.active')}</span> : null}
                {/* The free default is "free" (its price tag says so), never "bought". */}
                {state === 'owned' && item.price !== '0' ? <span className="store-mark">{t('store.owned')}</span> : null}
              </div>
              <strong className="store-item-name">{t(`store.asset.${item.name}`, { defaultValue: item.name })}</strong>
              <PriceTag price={item.price} walletType={item.balance_type} />
              {state === 'active' ? (
                <button type="button" className="btn btn-ghost store-action" disabled>
                  {t('store.in_use')}
                </button>
              ) : state === 'owned' ? (
                <>
                  <button
                    type="button"
                    className="btn btn-ghost store-action"
                    disabled={busyId === item.id}
                    onClick={() => void apply(item)}
                    data-testid="apply"
                  >
                    {t('store.apply')}
                  </button>
                  {applyFailedId === item.id ? (
                    <p className="field-error" role="alert" data-testid="apply-failed">
                      {t('store.buy_failed')}
                    </p>
                  ) : null}
                </>
              ) : (
                <button type="button" className="btn btn-gold store-action" onClick={() => open(item)} data-testid="buy">
                  {t('store.buy')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Modal isOpen={chosen !== null} onClose={() => setChosen(null)} title={t('store.confirm_title')} closeLabel={t('common.close')}>
        {chosen ? (
          <div className="store-confirm" data-testid="buy-dialog">
            <div className={`store-preview store-preview-${chosen.type === 'CARD_BACK' ? 'back' : 'felt'} store-preview-large`}>
              <img src={chosen.url} alt="" />
            </div>
            <p>{t('store.confirm_text', { name: chosenName })}</p>
            <PriceTag price={chosen.price} walletType={chosen.balance_type} />
            {isShort ? (
              <NotEnoughChips
                walletType={chosen.balance_type}
                missing={missingFor(chosen.price, chosen.balance_type, wallets) || 1n}
                onGetChips={() => {
                  const item = chosen;
                  setChosen(null);
                  onGetChips(item.balance_type, missingFor(item.price, item.balance_type, wallets));
                }}
              />
            ) : (
              <>
                {failure ? (
                  <p className="field-error" role="alert">
                    {t(failure.code === 'asset/already_owned' ? 'store.already_owned' : 'store.buy_failed')}
                  </p>
                ) : null}
                <div className="store-confirm-actions">
                  <button type="button" className="btn btn-ghost" onClick={() => setChosen(null)}>
                    {t('common.cancel')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-gold"
                    disabled={busyId === chosen.id}
                    onClick={() => void buy(chosen)}
                    data-testid="confirm-buy"
                  >
                    {t('store.confirm_buy', { price: formatChips(chosen.price) })}
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

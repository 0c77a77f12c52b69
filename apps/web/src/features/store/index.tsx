import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AssetGrid } from './asset-grid';
import { ChipsTab } from './chips-tab';
import { DepositDialog, type DepositPreset } from './deposit-dialog';
import { SandboxNotice } from './sandbox-notice';
import { parseTab, STORE_TABS } from './store-logic';
import './store.css';

/** /store (FEATURES.md §2): card backs, table felts and chips; the deposit dialog is one tap away. */
export default function StorePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const [deposit, setDeposit] = useState<DepositPreset | null>(null);
  const labels = { backs: t('store.tab_backs'), tables: t('store.tab_tables'), chips: t('store.tab_chips') };

  return (
    <section className="store" aria-labelledby="store-title" data-testid="store">
      <div className="store-head">
        <h1 id="store-title" className="store-title">
          {t('nav.store')}
        </h1>
        <button type="button" className="btn btn-gold store-add" onClick={() => setDeposit({})} data-testid="open-deposit">
          {t('store.add_chips')}
        </button>
      </div>
      <SandboxNotice />
      <div className="store-tabs" role="tablist" aria-label={t('nav.store')}>
        {STORE_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`store-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="store-panel"
            className={`store-tab${tab === name ? ' store-tab-on' : ''}`}
            onClick={() => setParams(name === 'backs' ? {} : { tab: name }, { replace: true })}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div id="store-panel" role="tabpanel" aria-labelledby={`store-tab-${tab}`} className="store-panel">
        {tab === 'chips' ? (
          <ChipsTab onDeposit={setDeposit} />
        ) : (
          <AssetGrid key={tab} tab={tab} onGetChips={(walletType, missing) => setDeposit({ walletType, amount: missing.toString() })} />
        )}
      </div>
      <DepositDialog preset={deposit} onClose={() => setDeposit(null)} />
    </section>
  );
}

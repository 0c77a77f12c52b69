import type { PastSpin, PaytableAnswer } from '@durak/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../net/api-error';
import { formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { banditApi } from './bandit-api';
import { SymbolArt } from './symbol-art';
import { checkSpin, type SpinCheck } from './verify';
import { queryKeys } from '../../net/query-keys';

const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

function SpinRow({ spin, paytable }: { spin: PastSpin; paytable: PaytableAnswer }) {
  const { t } = useTranslation('bandit');
  const [check, setCheck] = useState<SpinCheck | 'checking'>('checking');
  useEffect(() => {
    let isCurrent = true;
    checkSpin(spin, paytable.strips, paytable.paytable).then(
      (result) => isCurrent && setCheck(result),
      () => isCurrent && setCheck({ status: 'mismatch', reason: 'hash', stops: [], multiplier: 0 }),
    );
    return () => {
      isCurrent = false;
    };
  }, [spin, paytable]);
  const status = check === 'checking' ? 'checking' : check.status;
  return (
    <li className={`fair-spin fair-spin-${status}`} data-testid="fair-spin" data-status={status}>
      <span className="fair-nonce">#{spin.nonce}</span>
      <span className="fair-symbols" aria-label={spin.symbols.map((s) => t(`symbols.${s}`)).join(', ')}>
        {spin.symbols.map((symbol, i) => (
          <SymbolArt key={i} symbol={symbol} />
        ))}
      </span>
      <span className="fair-money">
        {formatChips(spin.bet)} → {formatChips(spin.win)}
      </span>
      <span className="fair-check">{t(`fair.check.${status}`)}</span>
    </li>
  );
}

/** Provably fair: the commitment, the player's seed, the reveal, and each past spin recomputed here. */
export function FairDialog({ paytable, isOpen, onClose }: { paytable: PaytableAnswer; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('bandit');
  const queryClient = useQueryClient();
  const seed = useQuery({ queryKey: queryKeys.bandit.seed, queryFn: banditApi.seed, enabled: isOpen });
  const spins = useQuery({ queryKey: queryKeys.bandit.spins, queryFn: banditApi.spins, enabled: isOpen });
  const [draft, setDraft] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.bandit.seed }),
      queryClient.invalidateQueries({ queryKey: queryKeys.bandit.spins }),
    ]);
  const save = useMutation({ mutationFn: banditApi.setClientSeed, onSuccess: () => (setDraft(null), refresh()) });
  const rotate = useMutation({
    mutationFn: banditApi.rotateSeed,
    onSuccess: (answer) => (setRevealed(answer.revealed_server_seed), refresh()),
  });
  const clientSeed = draft ?? seed.data?.client_seed ?? '';
  const isSeedValid = CLIENT_SEED.test(clientSeed);
  const failed = save.error ?? rotate.error ?? seed.error ?? spins.error;

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('fair.title')} closeLabel={t('close')}>
      <div className="bandit-fair" data-testid="bandit-fair">
        <p className="bandit-small">{t('fair.explain')}</p>
        {seed.isPending ? (
          <Spinner />
        ) : seed.data ? (
          <>
            <div className="fair-field">
              <span>{t('fair.server_hash')}</span>
              <code data-testid="fair-hash">{seed.data.server_seed_hash}</code>
            </div>
            <form
              className="fair-field"
              onSubmit={(event) => {
                event.preventDefault();
                if (isSeedValid) save.mutate(clientSeed);
              }}
            >
              <label htmlFor="fair-client-seed">{t('fair.client_seed')}</label>
              <div className="fair-seed-row">
                <input
                  id="fair-client-seed"
                  value={clientSeed}
                  maxLength={64}
                  aria-invalid={!isSeedValid}
                  onChange={(event) => setDraft(event.target.value)}
                />
                <button type="submit" className="btn btn-ghost" disabled={!isSeedValid || draft === null || save.isPending}>
                  {t('fair.save')}
                </button>
              </div>
              {!isSeedValid ? <small className="bandit-error">{t('fair.invalid_seed')}</small> : null}
            </form>
            <div className="fair-field">
              <span>{t('fair.nonce')}</span>
              <code>{seed.data.nonce}</code>
            </div>
            <button type="button" className="btn btn-ghost btn-block" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
              {t('fair.rotate')}
            </button>
            {revealed ? (
              <div className="fair-field" data-testid="fair-revealed">
                <span>{t('fair.revealed')}</span>
                <code>{revealed}</code>
              </div>
            ) : null}
          </>
        ) : null}
        {failed ? (
          <p className="bandit-error">{toApiFailure(failed).code === 'network/unreachable' ? t('errors.network') : t('errors.unknown')}</p>
        ) : null}
        <h3 className="fair-history-title">{t('fair.history')}</h3>
        {spins.isPending ? (
          <Spinner />
        ) : spins.data && spins.data.length > 0 ? (
          <ul className="fair-spins">
            {spins.data.map((spin) => (
              <SpinRow key={spin.id} spin={spin} paytable={paytable} />
            ))}
          </ul>
        ) : (
          <p className="bandit-small">{t('fair.empty')}</p>
        )}
      </div>
    </Modal>
  );
}

import type { PlaySession } from '@durak/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { http } from '../../net/http';
import { queryKeys } from '../../net/query-keys';
import { usePersonalChannel } from '../../net/personal-channel';
import { useUserId } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { AgeForm } from './age-form';
import { responsibleApi } from './responsible-api';
import './responsible.css';

type Check = PlaySession & { due_at: string };

/** The reality check, over whatever screen is open: time played, chips staked, the net result. */
function RealityCheckDialog({ check, onAnswered }: { check: Check; onAnswered: () => void }) {
  const { t } = useTranslation('responsible');
  const navigate = useNavigate();
  const client = useQueryClient();
  const net = BigInt(check.net);
  async function answer(choice: 'keep_playing' | 'stop') {
    onAnswered();
    client.setQueryData(queryKeys.limits, await responsibleApi.answerRealityCheck(choice).catch(() => undefined));
    if (choice === 'stop') navigate('/');
  }
  return (
    <Modal isOpen onClose={onAnswered} title={t('reality.title')} closeLabel={t('close')}>
      <div className="rp-reality" data-testid="reality-check">
        <p>{t('reality.intro')}</p>
        <dl className="rp-figures">
          <dt>{t('reality.played')}</dt>
          <dd data-testid="reality-minutes">{t('reality.minutes', { minutes: check.minutes_played })}</dd>
          <dt>{t('reality.staked')}</dt>
          <dd data-testid="reality-staked">{formatChips(check.staked)}</dd>
          <dt>{t('reality.net')}</dt>
          <dd data-testid="reality-net" className={net < 0n ? 'rp-loss' : undefined}>
            {net > 0n ? `+${formatChips(check.net)}` : formatChips(check.net)}
          </dd>
        </dl>
        <div className="rp-actions">
          <button type="button" className="btn btn-ghost" onClick={() => void answer('stop')}>
            {t('reality.stop')}
          </button>
          <button type="button" className="btn btn-gold" onClick={() => void answer('keep_playing')}>
            {t('reality.keep')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function AgeGateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('responsible');
  return (
    <Modal isOpen onClose={onClose} title={t('age.title')} closeLabel={t('close')}>
      <AgeForm onDone={onClose} />
    </Modal>
  );
}

/**
 * Mounted once beside the routes: a reality check published on `#userId` (or missed and still
 * unanswered at load) opens its dialog on any screen, and a call refused with
 * `limits/age_unconfirmed` asks for the age on the spot.
 */
export function ResponsiblePlayWatch() {
  const userId = useUserId();
  const [check, setCheck] = useState<Check | null>(null);
  const [isAgeAsked, setAgeAsked] = useState(false);
  const limits = useQuery({ queryKey: queryKeys.limits, queryFn: responsibleApi.limits, enabled: userId !== undefined, staleTime: 60_000 });
  const missed = limits.data?.reality_check ?? null;

  useEffect(() => {
    if (missed) setCheck(missed);
  }, [missed?.due_at]);

  usePersonalChannel((message) => {
    if (message.type === 'reality_check') setCheck(message);
  });

  useEffect(() => {
    const id = http.interceptors.response.use(undefined, (error: unknown) => {
      if (toApiFailure(error).code === 'limits/age_unconfirmed') setAgeAsked(true);
      return Promise.reject(error);
    });
    return () => http.interceptors.response.eject(id);
  }, []);

  if (userId === undefined) return null;
  return (
    <>
      {check ? <RealityCheckDialog check={check} onAnswered={() => setCheck(null)} /> : null}
      {isAgeAsked ? <AgeGateDialog onClose={() => setAgeAsked(false)} /> : null}
    </>
  );
}

import type { LimitsAnswer } from '@durak/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../../net/query-keys';
import { formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { QueryState } from '../../ui/query-state';
import { AgeForm } from './age-form';
import { LimitsForm } from './limits-form';
import { responsibleApi } from './responsible-api';
import './responsible.css';

const BREAK_DAYS = [1, 7, 30, 42] as const;
const EXCLUSION_MONTHS = [6, 12, 60] as const;
/** Free, confidential help (FEATURES.md §13); international organisations with help in many countries. */
const HELP = [
  { name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org/' },
  { name: 'GamCare', url: 'https://www.gamcare.org.uk/' },
  { name: 'BeGambleAware', url: 'https://www.begambleaware.org/' },
  { name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org/' },
] as const;

type Stop = { kind: 'break'; days: number } | { kind: 'exclusion'; months: number };

function When({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={at}>{new Date(at).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

function Pending({ limits }: { limits: LimitsAnswer }) {
  const { t } = useTranslation('responsible');
  if (limits.pending.length === 0) return null;
  return (
    <section className="rp-card" aria-labelledby="rp-pending" data-testid="limits-pending">
      <h2 id="rp-pending">{t('pending.title')}</h2>
      <ul className="rp-list">
        {limits.pending.map((p) => (
          <li key={p.name}>
            <span>{t(`names.${p.name}`)}</span>{' '}
            <strong>{p.value === null ? t('limits.none') : typeof p.value === 'string' ? formatChips(p.value) : p.value}</strong>{' '}
            <span className="rp-note">
              {t('pending.from')} <When at={p.effective_at} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StopPlay({ limits }: { limits: LimitsAnswer }) {
  const { t } = useTranslation('responsible');
  const client = useQueryClient();
  const [asked, setAsked] = useState<Stop | null>(null);
  const [isBusy, setBusy] = useState(false);
  const period = asked === null ? '' : asked.kind === 'break' ? t(`break.d${asked.days}`) : t(`exclusion.m${asked.months}`);

  async function confirm() {
    if (!asked) return;
    setBusy(true);
    try {
      const answer = asked.kind === 'break' ? await responsibleApi.takeBreak(asked.days) : await responsibleApi.selfExclude(asked.months);
      client.setQueryData(queryKeys.limits, answer);
      setAsked(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="rp-card" aria-labelledby="rp-break">
        <h2 id="rp-break">{t('break.title')}</h2>
        <p className="rp-note">{t('break.text')}</p>
        <div className="rp-choices">
          {BREAK_DAYS.map((days) => (
            <button
              key={days}
              type="button"
              className="btn btn-ghost"
              data-testid={`break-${days}`}
              onClick={() => setAsked({ kind: 'break', days })}
            >
              {t(`break.d${days}`)}
            </button>
          ))}
        </div>
      </section>
      <section className="rp-card" aria-labelledby="rp-exclusion">
        <h2 id="rp-exclusion">{t('exclusion.title')}</h2>
        <p className="rp-note">{t('exclusion.text')}</p>
        <div className="rp-choices">
          {EXCLUSION_MONTHS.map((months) => (
            <button key={months} type="button" className="btn btn-ghost" onClick={() => setAsked({ kind: 'exclusion', months })}>
              {t(`exclusion.m${months}`)}
            </button>
          ))}
        </div>
      </section>
      <Modal isOpen={asked !== null} onClose={() => setAsked(null)} title={t('confirm.title')} closeLabel={t('close')}>
        <p data-testid="stop-confirm-text">{t('confirm.text', { period })}</p>
        {limits.timeout_until || limits.excluded_until ? <p className="rp-note">{t('confirm.longest')}</p> : null}
        <div className="rp-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setAsked(null)}>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn-danger" disabled={isBusy} data-testid="stop-confirm" onClick={() => void confirm()}>
            {t('confirm.go')}
          </button>
        </div>
      </Modal>
    </>
  );
}

function Standing({ limits }: { limits: LimitsAnswer }) {
  const { t } = useTranslation('responsible');
  const lines = [
    limits.excluded_until ? (
      <p key="x">
        {t('status.excluded')} <When at={limits.excluded_until} />
      </p>
    ) : null,
    limits.timeout_until ? (
      <p key="b">
        {t('status.timeout')} <When at={limits.timeout_until} />
      </p>
    ) : null,
    limits.is_underage ? <p key="u">{t('status.underage')}</p> : null,
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <div className="rp-standing" role="status" data-testid="rp-standing">
      {lines}
    </div>
  );
}

/** /responsible-play (FEATURES.md §13): limits, what is used of them, breaks, self-exclusion, age and help. */
export function ResponsiblePage() {
  const { t } = useTranslation('responsible');
  const query = useQuery({ queryKey: queryKeys.limits, queryFn: responsibleApi.limits });
  return (
    <main className="rp-page" data-testid="responsible-page">
      <header className="rp-header">
        <Link to="/menu" className="btn btn-ghost rp-back">
          {t('back')}
        </Link>
        <h1>{t('title')}</h1>
      </header>
      <p className="rp-intro">{t('intro')}</p>
      <QueryState query={query} loading={t('loading')} failed={t('errors.load')} retry={t('retry')}>
        {query.data ? (
          <>
            <Standing limits={query.data} />
            <LimitsForm limits={query.data} />
            <Pending limits={query.data} />
            <section className="rp-card" aria-labelledby="rp-age">
              <h2 id="rp-age">{t('age.title')}</h2>
              {query.data.age_confirmed ? (
                <p>{t('age.confirmed')}</p>
              ) : query.data.is_underage ? (
                <p>{t('status.underage')}</p>
              ) : (
                <AgeForm />
              )}
            </section>
            <StopPlay limits={query.data} />
          </>
        ) : null}
      </QueryState>
      <section className="rp-card" aria-labelledby="rp-help">
        <h2 id="rp-help">{t('help.title')}</h2>
        <p className="rp-note">{t('help.text')}</p>
        <ul className="rp-list">
          {HELP.map((org) => (
            <li key={org.url}>
              <a href={org.url} target="_blank" rel="noopener noreferrer">
                {org.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

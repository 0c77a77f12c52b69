import type { LimitName, LimitsAnswer, LimitsChangeRequest } from '@durak/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../net/api-error';
import { queryKeys } from '../../net/query-keys';
import { formatChips } from '../../ui/format';
import { responsibleApi } from './responsible-api';
import '../../ui/text-input.css';

const PERIODS = ['day', 'week', 'month'] as const;
type Draft = Record<LimitName, string>;

const asText = (value: string | number | null) => (value === null ? '' : String(value));
function draftOf(limits: LimitsAnswer): Draft {
  return {
    'deposit.day': asText(limits.deposit.day),
    'deposit.week': asText(limits.deposit.week),
    'deposit.month': asText(limits.deposit.month),
    'loss.day': asText(limits.loss.day),
    'loss.week': asText(limits.loss.week),
    'loss.month': asText(limits.loss.month),
    session_minutes: asText(limits.session_minutes),
    reality_check_minutes: asText(limits.reality_check_minutes),
  };
}

/** Only what the player changed goes to the server; an emptied field removes that limit. */
function changeOf(before: Draft, after: Draft): LimitsChangeRequest {
  const change: LimitsChangeRequest = {};
  for (const kind of ['deposit', 'loss'] as const) {
    for (const period of PERIODS) {
      const name = `${kind}.${period}` as const;
      if (after[name].trim() === before[name]) continue;
      change[kind] = { ...change[kind], [period]: after[name].trim() === '' ? null : after[name].trim() };
    }
  }
  for (const name of ['session_minutes', 'reality_check_minutes'] as const) {
    if (after[name].trim() === before[name]) continue;
    change[name] = after[name].trim() === '' ? null : Number(after[name]);
  }
  return change;
}

function LimitField({
  name,
  label,
  used,
  draft,
  onChange,
}: {
  name: LimitName;
  label: string;
  used?: string;
  draft: Draft;
  onChange: (d: Draft) => void;
}) {
  const { t } = useTranslation('responsible');
  const id = useId();
  return (
    <div className="rp-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="text-input"
        inputMode="numeric"
        placeholder={t('limits.none')}
        value={draft[name]}
        data-testid={`limit-${name}`}
        onChange={(event) => onChange({ ...draft, [name]: event.target.value.replace(/[^\d]/g, '') })}
      />
      {used !== undefined ? <small className="rp-used">{t('limits.used', { used })}</small> : null}
    </div>
  );
}

/** The limits with what is used of each; saving sends only the changes (FEATURES.md §13). */
export function LimitsForm({ limits }: { limits: LimitsAnswer }) {
  const { t } = useTranslation('responsible');
  const client = useQueryClient();
  const [before, setBefore] = useState(() => draftOf(limits));
  const [draft, setDraft] = useState(before);
  const [notice, setNotice] = useState<{ isOk: boolean; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const saved = await responsibleApi.change(changeOf(before, draft));
      client.setQueryData(queryKeys.limits, saved);
      const next = draftOf(saved);
      setBefore(next);
      setDraft(next);
      setNotice({ isOk: true, text: t('limits.saved') });
    } catch (error) {
      const failure = toApiFailure(error);
      setNotice({
        isOk: false,
        text: failure.code === 'request/invalid' ? t('limits.invalid', { field: failure.field ?? '' }) : t('errors.generic'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rp-card" aria-labelledby="rp-limits">
      <h2 id="rp-limits">{t('limits.title')}</h2>
      <p className="rp-note">{t('limits.rule')}</p>
      {(['deposit', 'loss'] as const).map((kind) => (
        <fieldset key={kind} className="rp-group">
          <legend>{t(`limits.${kind}`)}</legend>
          {PERIODS.map((period) => (
            <LimitField
              key={period}
              name={`${kind}.${period}`}
              label={t(`limits.${period}`)}
              used={formatChips(limits.used[kind][period] ?? '0')}
              draft={draft}
              onChange={setDraft}
            />
          ))}
        </fieldset>
      ))}
      <fieldset className="rp-group">
        <legend>{t('limits.time')}</legend>
        <LimitField
          name="session_minutes"
          label={t('limits.session')}
          used={String(limits.used.session_minutes)}
          draft={draft}
          onChange={setDraft}
        />
        <LimitField name="reality_check_minutes" label={t('limits.reality')} draft={draft} onChange={setDraft} />
      </fieldset>
      <button type="button" className="btn btn-gold btn-block" disabled={isBusy} data-testid="limits-save" onClick={() => void save()}>
        {t('limits.save')}
      </button>
      {notice ? (
        <p className={notice.isOk ? 'rp-ok' : 'rp-error'} role="status" data-testid="limits-notice">
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../net/api-error';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorNotice } from './error-notice';
import type { TournamentPayload } from '@durak/protocol';
import { tournamentApi } from './tournament-api';
import {
  defaultForm,
  formFieldOf,
  tournamentBody,
  validateTournament,
  type FieldProblem,
  type FormField,
  type FormProblems,
  type TournamentForm,
} from './tournament-form';
import { queryKeys } from '../../net/query-keys';

function Field({
  name,
  label,
  problem,
  children,
}: {
  name: FormField;
  label: string;
  problem: FieldProblem | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('tournament');
  return (
    <div className="field trn-field" data-field={name}>
      <label htmlFor={`trn-${name}`}>{label}</label>
      {children}
      <p className="field-error" id={`trn-${name}-error`} data-testid={`field-error-${name}`}>
        {problem ? t(problem.key, problem.values ?? {}) : ''}
      </p>
    </div>
  );
}

const FLAGS = ['is_speed_mode', 'is_transfer_allowed', 'is_cheating_allowed', 'is_draw_allowed', 'secret_trump_mode', 'is_pinned'] as const;

/** Creates a tournament; checks as the server does and shows the server's own 400 by its field. */
export function AdminCreateForm({ onCreated }: { onCreated: (created: TournamentPayload) => void }) {
  const { t } = useTranslation('tournament');
  // The arena's own words (FEATURES.md §15) live in the `arena` namespace.
  const { t: ta } = useTranslation('arena');
  const client = useQueryClient();
  const [form, setForm] = useState<TournamentForm>(() => defaultForm(Date.now()));
  const [problems, setProblems] = useState<FormProblems>({});
  const presets = useQuery({ queryKey: queryKeys.tournament.presets, queryFn: tournamentApi.presets });
  // A valid form is sent once the admin gives the reason for the audit log (FEATURES.md §17).
  const [isAsking, setAsking] = useState(false);
  const create = useMutation({
    mutationFn: (reason: string) => tournamentApi.create(tournamentBody(form), reason),
    onSuccess: (created) => {
      void client.invalidateQueries({ queryKey: queryKeys.tournament.all });
      setForm(defaultForm(Date.now()));
      onCreated(created);
    },
  });
  const failure = create.error ? toApiFailure(create.error) : null;
  const isArena = form.format === 'arena';
  const serverField = failure ? formFieldOf(failure.field) : null;

  const set = <K extends FormField>(key: K, value: TournamentForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setProblems((prev) => {
      const { [key]: _gone, ...rest } = prev;
      return rest;
    });
  };
  const problemOf = (field: FormField): FieldProblem | undefined =>
    field === serverField && failure ? { key: 'form.server', values: { message: failure.message } } : problems[field];
  const input = (field: FormField, type = 'text', extra: Record<string, string> = {}) => (
    <input
      id={`trn-${field}`}
      name={field}
      type={type}
      inputMode={type === 'text' && field !== 'name' ? 'numeric' : undefined}
      value={String(form[field])}
      aria-invalid={problemOf(field) ? true : undefined}
      aria-describedby={`trn-${field}-error`}
      onChange={(e) => set(field, e.target.value as never)}
      data-testid={`form-${field}`}
      {...extra}
    />
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    create.reset();
    const found = validateTournament(form, Date.now());
    setProblems(found);
    if (Object.keys(found).length === 0) setAsking(true);
  }

  return (
    <form
      className="trn-card panel trn-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="trn-create-title"
      data-testid="admin-create-form"
    >
      <h2 id="trn-create-title">{t('admin.create_title')}</h2>
      <div className="trn-form-grid">
        <Field name="format" label={ta('form.format')} problem={problemOf('format')}>
          <select
            id="trn-format"
            className="select"
            value={form.format}
            onChange={(e) => set('format', e.target.value as TournamentForm['format'])}
            data-testid="form-format"
          >
            <option value="knockout">{ta('format.knockout')}</option>
            <option value="arena">{ta('format.arena')}</option>
          </select>
        </Field>
        <Field name="name" label={t('form.name')} problem={problemOf('name')}>
          {input('name', 'text', { maxLength: '80' })}
        </Field>
        <Field name="starts_at" label={t('form.starts_at')} problem={problemOf('starts_at')}>
          {input('starts_at', 'datetime-local')}
        </Field>
        <Field name="buy_in" label={t('form.buy_in')} problem={problemOf('buy_in')}>
          {input('buy_in')}
        </Field>
        <Field name="balance_type" label={t('form.wallet')} problem={problemOf('balance_type')}>
          <select
            id="trn-balance_type"
            className="select"
            value={form.balance_type}
            onChange={(e) => set('balance_type', e.target.value as TournamentForm['balance_type'])}
          >
            <option value="BONUS_BALANCE">{t('wallet.BONUS_BALANCE')}</option>
            <option value="BALANCE">{t('wallet.BALANCE')}</option>
          </select>
        </Field>
        <Field name="min_players" label={t('form.min_players')} problem={problemOf('min_players')}>
          {input('min_players')}
        </Field>
        <Field name="max_players" label={t('form.max_players')} problem={problemOf('max_players')}>
          {input('max_players')}
        </Field>
        {isArena ? (
          <>
            <Field name="duration_minutes" label={ta('form.duration_minutes')} problem={problemOf('duration_minutes')}>
              {input('duration_minutes')}
            </Field>
            <Field name="table_size" label={ta('form.table_size')} problem={problemOf('table_size')}>
              {input('table_size')}
            </Field>
          </>
        ) : (
          <Field name="room_size" label={t('form.room_size')} problem={problemOf('room_size')}>
            {input('room_size')}
          </Field>
        )}
        <Field name="deck_size" label={t('form.deck_size')} problem={problemOf('deck_size')}>
          <select
            id="trn-deck_size"
            className="select"
            value={form.deck_size}
            onChange={(e) => set('deck_size', e.target.value as TournamentForm['deck_size'])}
            data-testid="form-deck_size"
          >
            <option value="36">36</option>
            <option value="24">24</option>
          </select>
        </Field>
        <Field name="ending" label={t('form.ending')} problem={problemOf('ending')}>
          <select
            id="trn-ending"
            className="select"
            value={form.ending}
            onChange={(e) => set('ending', e.target.value as TournamentForm['ending'])}
          >
            <option value="classic">{t('option.is_classic_mode_allowed')}</option>
            <option value="death_match">{t('option.is_death_match_allowed')}</option>
          </select>
        </Field>
        <Field name="card_transfer_permission" label={t('form.transfer_permission')} problem={problemOf('card_transfer_permission')}>
          <select
            id="trn-card_transfer_permission"
            className="select"
            value={form.card_transfer_permission}
            onChange={(e) => set('card_transfer_permission', e.target.value as TournamentForm['card_transfer_permission'])}
          >
            <option value="ALL_PLAYERS">{t('form.all_players')}</option>
            <option value="NEIGHBORS_ONLY">{t('option.NEIGHBORS_ONLY')}</option>
          </select>
        </Field>
        {isArena ? null : (
          <>
            <Field name="rebuy_rounds" label={t('form.rebuy_rounds')} problem={problemOf('rebuy_rounds')}>
              {input('rebuy_rounds')}
            </Field>
            <Field name="rebuy_price" label={t('form.rebuy_price')} problem={problemOf('rebuy_price')}>
              {input('rebuy_price')}
            </Field>
          </>
        )}
        <Field name="guaranteed_pool" label={t('form.guaranteed_pool')} problem={problemOf('guaranteed_pool')}>
          {input('guaranteed_pool')}
        </Field>
        <Field name="fee" label={t('houseFee.label')} problem={problemOf('fee')}>
          {input('fee')}
        </Field>
        <Field name="payout_preset_id" label={t('form.payout_preset')} problem={problemOf('payout_preset_id')}>
          <select
            id="trn-payout_preset_id"
            className="select"
            value={form.payout_preset_id}
            onChange={(e) => set('payout_preset_id', e.target.value)}
            data-testid="form-payout_preset_id"
          >
            <option value="">{presets.isPending ? t('loading') : presets.isError ? t('form.presets_failed') : t('form.choose')}</option>
            {presets.data?.items.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {t(`presetNames.${p.id}`, { defaultValue: p.name })} ({p.places.map((bps) => `${bps / 100}%`).join(' / ')})
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="trn-flags">
        <legend>{t('form.options')}</legend>
        {FLAGS.map((flag) => (
          <label key={flag} className="trn-flag">
            <input type="checkbox" checked={form[flag]} onChange={(e) => set(flag, e.target.checked)} data-testid={`form-${flag}`} />
            {flag === 'is_pinned' ? t('form.pinned') : t(`option.${flag}`)}
          </label>
        ))}
      </fieldset>
      {failure && !serverField ? <ErrorNotice failure={failure} /> : null}
      <ConfirmDialog
        isOpen={isAsking}
        isPending={create.isPending}
        askReason
        title={t('admin.create_title')}
        text={form.name}
        confirmLabel={t('admin.create')}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => {
          setAsking(false);
          create.mutate(reason);
        }}
      />
      <button type="submit" className="btn btn-gold btn-block" disabled={create.isPending} data-testid="admin-create-submit">
        {create.isPending ? t('loading') : t('admin.create')}
      </button>
    </form>
  );
}

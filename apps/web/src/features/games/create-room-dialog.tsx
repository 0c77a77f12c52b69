import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { useWallets } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { BET_PRESETS, presetAmount } from './bets';
import { SingleChoice, Switch } from './choice';
import { createRoomBody, DEFAULT_CREATE_FORM, validateCreateRoom, type CreateRoomForm, typedBetLabel } from './create-room-form';
import { roomsApi } from './rooms-api';
import { RuleChoices } from './rule-choices';
import { BALANCE_TYPES, DECK_SIZES, PLAYER_COUNTS, TRANSFER_PERMISSIONS, type DeckSize } from './room-options';
import { TEAM_SEATS, TeamSwitch } from './team-switch';
import './dialog-forms.css';
import { tablePath } from '../../routes/paths';

/** Every room option, the bet presets, a password for a private room; checked before sending. */
export function CreateRoomDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const wallets = useWallets();
  const [form, setForm] = useState<CreateRoomForm>(DEFAULT_CREATE_FORM);
  const [betText, setBetText] = useState(String(DEFAULT_CREATE_FORM.bet_amount));
  const [isTouched, setTouched] = useState(false);
  const balance = wallets.find((w) => w.wallet_type === form.balance_type)?.balance;
  const errors = validateCreateRoom(form, balance);
  const patch = (next: Partial<CreateRoomForm>) => setForm((prev) => ({ ...prev, ...next }));

  const create = useMutation({
    mutationFn: async (body: CreateRoomForm) => {
      const room = await roomsApi.create(createRoomBody(body));
      return String(room.id);
    },
    onSuccess: (id) => navigate(tablePath(id)),
  });
  const failure = create.error ? toApiFailure(create.error) : null;

  function setBet(text: string) {
    setBetText(text);
    patch({ bet_amount: text.trim() === '' ? Number.NaN : Number(text) });
  }

  function submit() {
    setTouched(true);
    if (errors.length === 0) create.mutate(form);
  }

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('create.title')} closeLabel={t('close')}>
      <form
        className="form-stack"
        data-testid="create-room-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="choice">
          <legend>{t('create.bet')}</legend>
          {/* All twelve SPEC §9 presets, range ends included: four to a row fits a 390px phone. */}
          <div className="bet-chips" role="radiogroup" aria-label={t('create.bet')} data-testid="create-bet-presets">
            {BET_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                role="radio"
                aria-checked={form.bet_amount === presetAmount(preset)}
                className={`chip${form.bet_amount === presetAmount(preset) ? ' chip-on' : ''}`}
                onClick={() => setBet(String(presetAmount(preset)))}
              >
                {preset}
              </button>
            ))}
          </div>
          <input
            className="bet-input"
            inputMode="numeric"
            aria-label={t('create.bet')}
            value={betText}
            onChange={(event) => setBet(event.target.value.replace(/[^\d.]/g, ''))}
            data-testid="create-bet"
          />
        </fieldset>
        <SingleChoice
          label={t('room.balance_type')}
          testId="create-balance"
          value={form.balance_type}
          onChange={(balance_type) => patch({ balance_type })}
          options={BALANCE_TYPES.map((b) => ({ value: b, label: t(`wallet.${b}`) }))}
        />
        <p className="balance-line" data-testid="create-balance-amount">
          {t('create.your_balance')}: <strong>{formatChips(balance ?? '0')}</strong>
        </p>
        <div className="form-row">
          <SingleChoice
            label={t('room.players')}
            testId="create-players"
            value={form.player_count}
            onChange={(player_count) =>
              patch({
                player_count,
                ...(player_count > 4 && form.deck_size === 24 ? { deck_size: 36 } : {}),
                ...(player_count !== TEAM_SEATS ? { is_team_mode: false } : {}),
              })
            }
            options={PLAYER_COUNTS.map((n) => ({ value: n as number, label: String(n) }))}
          />
          <SingleChoice
            label={t('room.deck')}
            testId="create-deck"
            value={form.deck_size}
            onChange={(deck_size) => patch({ deck_size: deck_size as DeckSize })}
            options={DECK_SIZES.map((n) => ({ value: n as number, label: String(n), isDisabled: n === 24 && form.player_count > 4 }))}
          />
        </div>
        <TeamSwitch
          isOn={form.is_team_mode}
          onChange={(is_team_mode) => patch({ is_team_mode, ...(is_team_mode ? { player_count: TEAM_SEATS } : {}) })}
          testId="create-is_team_mode"
        />
        <RuleChoices
          values={form}
          testPrefix="create"
          onEnding={(is_death_match_allowed) => patch({ is_death_match_allowed, is_classic_mode_allowed: !is_death_match_allowed })}
          onSwitch={(key, isOn) => patch({ [key]: isOn })}
        />
        <SingleChoice
          label={t('room.card_transfer_permission')}
          testId="create-permission"
          value={form.card_transfer_permission}
          onChange={(card_transfer_permission) => patch({ card_transfer_permission })}
          options={TRANSFER_PERMISSIONS.map((p) => ({ value: p, label: t(`permission.${p}`) }))}
        />
        <Switch
          label={t('create.private')}
          hint={t('hint.private')}
          isOn={form.is_private}
          onChange={(is_private) => patch({ is_private })}
          testId="create-private"
        />
        {form.is_private ? (
          <div className="field">
            <label htmlFor="room-password">{t('create.password')}</label>
            <input
              id="room-password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => patch({ password: event.target.value })}
              data-testid="create-password"
            />
          </div>
        ) : null}
        <div className="create-footer">
          {isTouched && errors.length > 0 ? (
            <ul className="form-errors" data-testid="create-errors">
              {errors.map((code) => (
                <li key={code}>{t(`error.${code}`, { amount: typedBetLabel(betText) })}</li>
              ))}
            </ul>
          ) : null}
          {failure ? (
            <p className="form-error" role="alert" data-testid="create-failure">
              {t(`error.${failure.code}`, { defaultValue: failure.message })}
            </p>
          ) : null}
          {(isTouched && errors.includes('wallet/insufficient_funds')) || failure?.code === 'wallet/insufficient_funds' ? (
            <Link to="/store?tab=chips" className="btn btn-ghost btn-block" data-testid="create-get-chips">
              {t('common:funds.get_chips')}
            </Link>
          ) : null}
          <button type="submit" className="btn btn-gold btn-block" disabled={create.isPending} data-testid="create-submit">
            {t('create.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

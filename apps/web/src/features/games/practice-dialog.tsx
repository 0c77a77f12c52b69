import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { Modal } from '../../ui/modal';
import { SingleChoice } from './choice';
import {
  BOT_COUNTS,
  BOT_LEVELS,
  DEFAULT_PRACTICE_FORM,
  MAX_BOTS_FOR_24,
  TEAM_BOTS,
  practiceRoomBody,
  runningPracticeRoom,
  type PracticeForm,
} from './practice-form';
import { roomsApi } from './rooms-api';
import { RuleChoices } from './rule-choices';
import { DECK_SIZES, type DeckSize } from './room-options';
import { TeamSwitch } from './team-switch';
import './dialog-forms.css';
import { tablePath } from '../../routes/paths';

/** "Play against the computer" (FEATURES.md §7): bots, their level and the rules, then straight to the table. */
export function PracticeDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const [form, setForm] = useState<PracticeForm>(DEFAULT_PRACTICE_FORM);
  const patch = (next: Partial<PracticeForm>) => setForm((prev) => ({ ...prev, ...next }));
  const create = useMutation({
    mutationFn: async (body: PracticeForm) => String((await roomsApi.create(practiceRoomBody(body))).id),
    onSuccess: (id) => navigate(tablePath(id)),
    // Still in a practice game: back to that table rather than an error.
    onError: (error) => {
      const running = runningPracticeRoom(error);
      if (running !== null) navigate(tablePath(running));
    },
  });
  const failure = create.error && runningPracticeRoom(create.error) === null ? toApiFailure(create.error) : null;

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('practice.title')} closeLabel={t('close')}>
      <form
        className="form-stack"
        data-testid="practice-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(form);
        }}
      >
        <p className="balance-line">{t('practice.hint')}</p>
        <SingleChoice
          label={t('practice.bots')}
          testId="practice-bots"
          value={form.bots}
          onChange={(bots) =>
            patch({
              bots,
              ...(bots > MAX_BOTS_FOR_24 && form.deck_size === 24 ? { deck_size: 36 } : {}),
              ...(bots !== TEAM_BOTS ? { is_team_mode: false } : {}),
            })
          }
          options={BOT_COUNTS.map((n) => ({ value: n as number, label: String(n) }))}
        />
        <SingleChoice
          label={t('practice.level')}
          testId="practice-level"
          value={form.bot_level}
          onChange={(bot_level) => patch({ bot_level })}
          options={BOT_LEVELS.map((level) => ({ value: level, label: t(`practice.level_${level}`) }))}
        />
        <SingleChoice
          label={t('room.deck')}
          testId="practice-deck"
          value={form.deck_size}
          onChange={(deck_size) => patch({ deck_size: deck_size as DeckSize })}
          options={DECK_SIZES.map((n) => ({ value: n as number, label: String(n), isDisabled: n === 24 && form.bots > MAX_BOTS_FOR_24 }))}
        />
        <TeamSwitch
          isOn={form.is_team_mode}
          onChange={(is_team_mode) => patch({ is_team_mode, ...(is_team_mode ? { bots: TEAM_BOTS } : {}) })}
          testId="practice-is_team_mode"
        />
        <RuleChoices
          values={form}
          testPrefix="practice"
          onEnding={(is_death_match_allowed) => patch({ is_death_match_allowed })}
          onSwitch={(key, isOn) => patch({ [key]: isOn })}
        />
        <div className="create-footer">
          {failure ? (
            <p className="form-error" role="alert" data-testid="practice-failure">
              {t(`error.${failure.code}`, { defaultValue: failure.message })}
            </p>
          ) : null}
          <button type="submit" className="btn btn-gold btn-block" disabled={create.isPending} data-testid="practice-submit">
            {t('practice.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { SingleChoice, Switch } from './choice';

export type RuleSwitch = 'is_speed_mode' | 'is_transfer_allowed' | 'is_cheating_allowed' | 'is_draw_allowed' | 'secret_trump_mode';
const RULE_SWITCHES: readonly RuleSwitch[] = [
  'is_speed_mode',
  'is_transfer_allowed',
  'is_cheating_allowed',
  'is_draw_allowed',
  'secret_trump_mode',
];

/** The game's ending and its rule switches, as both the create and the practice dialog offer them. */
export function RuleChoices({
  values,
  testPrefix,
  onEnding,
  onSwitch,
}: {
  values: Readonly<Record<RuleSwitch | 'is_death_match_allowed', boolean>>;
  testPrefix: string;
  onEnding: (isDeathMatch: boolean) => void;
  onSwitch: (key: RuleSwitch, isOn: boolean) => void;
}) {
  const { t } = useTranslation('game');
  return (
    <>
      <SingleChoice
        label={t('create.ending')}
        testId={`${testPrefix}-ending`}
        value={values.is_death_match_allowed}
        onChange={onEnding}
        options={[
          { value: false, label: t('option.is_classic_mode_allowed') },
          { value: true, label: t('option.is_death_match_allowed') },
        ]}
      />
      <div className="switches">
        {RULE_SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(`option.${key}`)}
            hint={t(`hint.${key}`)}
            isOn={values[key]}
            onChange={(isOn) => onSwitch(key, isOn)}
            testId={`${testPrefix}-${key}`}
          />
        ))}
      </div>
    </>
  );
}

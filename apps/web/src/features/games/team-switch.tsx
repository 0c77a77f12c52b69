import { useTranslation } from 'react-i18next';
import { Switch } from './choice';

/** Seats a two-against-two room has (FEATURES.md §16): partners opposite, seats 1+3 and 2+4. */
export const TEAM_SEATS = 4;

/**
 * The "two against two" switch of the create and practice dialogs. Turning it on sets the room to
 * four seats (the caller's `onChange` does); choosing another seat count turns it off.
 */
export function TeamSwitch({ isOn, onChange, testId }: { isOn: boolean; onChange: (isOn: boolean) => void; testId: string }) {
  const { t } = useTranslation('rules');
  return <Switch label={t('team_mode')} hint={t('team_hint')} isOn={isOn} onChange={onChange} testId={testId} />;
}

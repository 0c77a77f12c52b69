import type { WatchState } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { cutName } from '../../ui/format';
import './team-results.css';

/** A seat's team in two against two (FEATURES.md §16): 1 for seats 1 and 3, 2 for seats 2 and 4. */
export function teamOf(position: number): 1 | 2 {
  return position % 2 === 0 ? 1 : 2;
}

/** "Team 1" beside a name in the results. */
export function TeamBadge({ position }: { position: number | undefined }) {
  const { t } = useTranslation('rules');
  if (position === undefined) return null;
  const team = teamOf(position);
  return (
    <span className={`results-team results-team-${team}`} data-testid="result-team">
      {t('team_name', { n: team })}
    </span>
  );
}

/** The line under the results: whether my team won, lost or drew, and with whom. */
export function TeamOutcome({ watch, me }: { watch: WatchState; me: string }) {
  const { t } = useTranslation('rules');
  const mine = watch.seats[me];
  if (!mine) return null;
  const partner = Object.values(watch.seats).find((s) => s.position !== mine.position && teamOf(s.position) === teamOf(mine.position));
  const result = mine.result ?? watch.results?.find((line) => line.player_id === me)?.result;
  const key = result === 'victory' ? 'team_won' : result === 'defeat' ? 'team_lost' : result === 'draw' ? 'team_draw' : null;
  if (key === null) return null;
  return (
    <p className="results-balance" data-testid="team-outcome">
      {t(key)}
      {partner ? ` · ${t('partner')}: ${cutName(partner.player.username)}` : ''}
    </p>
  );
}

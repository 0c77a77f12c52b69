import type { LimitName, LimitsAnswer } from '@durak/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../net/http';
import { formatChips } from '../../ui/format';

const NAMES: readonly LimitName[] = ['deposit.day', 'deposit.week', 'deposit.month', 'loss.day', 'loss.week', 'loss.month'];

function valueOf(limits: LimitsAnswer, name: LimitName): string | null {
  const [kind, period] = name.split('.') as ['deposit' | 'loss', 'day' | 'week' | 'month'];
  return limits[kind][period];
}

/**
 * The admin user page's view of a player's limits, break and self-exclusion (FEATURES.md §13):
 * read-only, as nobody, an admin included, can end them early or loosen a limit.
 */
export function ResponsiblePlayAdminPanel({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('responsible');
  const query = useQuery({
    queryKey: ['admin', 'user', userId, 'responsible-play'],
    queryFn: () => http.get<LimitsAnswer>(`/admin/users/${userId}/responsible-play`).then((r) => r.data),
  });
  const limits = query.data;
  if (!limits) return null;
  const when = (at: string) => new Date(at).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const set = NAMES.filter((name) => valueOf(limits, name) !== null);
  const isEmpty =
    set.length === 0 && !limits.timeout_until && !limits.excluded_until && !limits.is_underage && limits.session_minutes === null;
  return (
    <section className="admin-panel" data-testid="admin-responsible-play" aria-label={t('admin.title')}>
      <h2>{t('admin.title')}</h2>
      {isEmpty ? <p>{t('admin.none')}</p> : null}
      <ul>
        {limits.excluded_until ? (
          <li>
            {t('status.excluded')} {when(limits.excluded_until)}
          </li>
        ) : null}
        {limits.timeout_until ? (
          <li>
            {t('status.timeout')} {when(limits.timeout_until)}
          </li>
        ) : null}
        {limits.is_underage ? <li>{t('status.underage')}</li> : null}
        {set.map((name) => (
          <li key={name}>
            {t(`names.${name}`)}: {formatChips(valueOf(limits, name) ?? '0')}
          </li>
        ))}
        {limits.session_minutes !== null ? (
          <li>
            {t('names.session_minutes')}: {limits.session_minutes}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { friendsApi } from './friends-api';
import './friends-live.css';
import { queryKeys } from '../../net/query-keys';

/**
 * Who is around (FEATURES.md §11), on home and in the lobby. Polled rather than pushed: the server
 * counts it for every node at once and reuses the count for a few seconds, so a poll per page
 * every 20 s is cheap, and a number that changes every second would only distract.
 */
export function OnlineCount({ className = '', waiting }: { className?: string; waiting?: number | undefined }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKeys.friends.presence,
    queryFn: friendsApi.presence,
    refetchInterval: 20_000,
    staleTime: 10_000,
  });
  if (!data) return null;
  return (
    <p className={`online-count ${className}`} data-testid="online-count">
      <span className="online-dot" aria-hidden="true" />
      <span data-testid="online-now">{t('presence.online', { count: data.online })}</span>
      <span aria-hidden="true">·</span>
      <span>{t('presence.playing', { count: data.playing })}</span>
      <span aria-hidden="true">·</span>
      {/* The lobby passes the waiting tables its filter shows (FEATURES.md §17); home counts them all. */}
      <span data-testid="tables-waiting">{t('presence.waiting', { count: waiting ?? data.rooms_waiting })}</span>
    </p>
  );
}

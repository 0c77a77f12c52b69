import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../ui/query-state';
import { toApiFailure } from '../../net/api-error';
import { economyApi } from '../../net/economy-api';
import { formatChips } from '../../ui/format';
import { countdown } from '../store/store-logic';
import { queryKeys } from '../../net/query-keys';
import { refreshWallets } from '../../net/user-query';

const STREAK = [1, 2, 3, 4, 5, 6, 7];

/** Ticks once a second while a countdown is on screen. */
function useNow(isOn: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isOn) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isOn]);
  return now;
}

/** The home page's daily reward (FEATURES.md §2): the 7-day streak, claim, or when the next one opens. */
export function DailyReward() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.economy.reward, queryFn: economyApi.availableReward });
  const [isBusy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState<string | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const reward = query.data;
  const now = useNow(reward !== undefined && !reward.is_available);

  const askedFor = useRef<string | null>(null);
  const { refetch } = query;
  useEffect(() => {
    // The day turned while the page was open: ask again, once per turn (a client clock ahead of
    // the server's must not ask every second).
    if (!reward || reward.is_available || Date.parse(reward.next_at) > now || askedFor.current === reward.next_at) return;
    askedFor.current = reward.next_at;
    void refetch();
  }, [reward, now, refetch]);

  if (query.isPending) return null;
  if (query.isError) {
    // Said, with a way to try again: a reward that silently vanished would look like no reward.
    return (
      <section className="daily panel" aria-labelledby="daily-title" data-testid="daily-reward">
        <h2 id="daily-title">{t('reward.title')}</h2>
        <QueryState query={query} loading={t('common.loading')} failed={t('reward.load_failed')} retry={t('start.retry')}>
          {null}
        </QueryState>
      </section>
    );
  }

  async function claim() {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await economyApi.claimReward();
      setClaimed(answer.amount);
      await refreshWallets(client);
    } catch (error) {
      if (toApiFailure(error).code !== 'reward/already_claimed') setFailed(true);
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: queryKeys.economy.reward });
    }
  }

  const today = reward!.is_available ? reward!.streak_day : reward!.streak_day - 1 || 7;
  return (
    <section className="daily panel" aria-labelledby="daily-title" data-testid="daily-reward">
      <div className="daily-head">
        <h2 id="daily-title">{t('reward.title')}</h2>
        <span className="daily-day">{t('reward.day', { day: reward!.streak_day })}</span>
      </div>
      <ol className="daily-streak" aria-hidden="true">
        {STREAK.map((day) => (
          <li
            key={day}
            className={
              day < today || (!reward!.is_available && day === today)
                ? 'daily-done'
                : day === reward!.streak_day && reward!.is_available
                  ? 'daily-now'
                  : ''
            }
          >
            {day}
          </li>
        ))}
      </ol>
      {reward!.is_available ? (
        <button type="button" className="btn btn-gold btn-block" disabled={isBusy} onClick={() => void claim()} data-testid="claim-reward">
          {t('reward.claim', { amount: formatChips(reward!.amount) })}
        </button>
      ) : (
        <p className="daily-next" role="status">
          {claimed ? `${t('reward.claimed', { amount: formatChips(claimed) })} ` : ''}
          {t('reward.next', { time: countdown(reward!.next_at, now) })}
        </p>
      )}
      {hasFailed ? (
        <p className="field-error" role="alert">
          {t('errors.unknown')}
        </p>
      ) : null}
    </section>
  );
}

import type { Referral } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../state/user-store';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { Pager } from '../../ui/pager';
import { QueryState } from '../../ui/query-state';
import { friendsApi } from './friends-api';
import { FriendsSection } from './friends-section';
import { InviteCard } from './invite-card';
import './friends.css';

/** /friends (FEATURES.md §3, §11): friends and their asks, the invite link and the players it brought, who of them is online. */
export default function FriendsPage() {
  const { t, i18n } = useTranslation('player');
  const userId = useUserStore((s) => s.user?.id);
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: ['player', 'referrals', page], queryFn: () => friendsApi.referrals(page), placeholderData: keepPreviousData, refetchInterval: 30_000 });
  const items = query.data?.items ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div className="friends" data-testid="friends-page">
      <FriendsSection />
      {userId !== undefined ? <InviteCard userId={userId} bonus={query.data?.bonus} /> : null}
      {query.data?.invited_by ? (
        <section className="panel friends-list-panel" aria-labelledby="invited-by-title" data-testid="invited-by">
          <h2 id="invited-by-title">{t('friends.invited_by')}</h2>
          <ul className="friends-list">
            <FriendLine friend={query.data.invited_by} date={date} testId="inviter" />
          </ul>
        </section>
      ) : null}
      <section className="panel friends-list-panel" aria-labelledby="friends-title">
        <h2 id="friends-title">{t('friends.title')}</h2>
        <QueryState
          query={query}
          loading={t('friends.loading')}
          failed={t('friends.failed')}
          retry={t('retry')}
          empty={query.isSuccess && items.length === 0 && page === 1 ? <p data-testid="friends-empty">{t('friends.empty')}</p> : null}
        >
          <ul className="friends-list" data-testid="friends-list">
            {items.map((friend) => (
              <FriendLine key={friend.user_id} friend={friend} date={date} />
            ))}
          </ul>
          <Pager page={page} hasNext={Boolean(query.data?.links.next)} onPage={setPage} labels={{ previous: t('previous'), next: t('next'), page: t('friends.title') }} testId="friends-pager" />
        </QueryState>
      </section>
    </div>
  );
}

function FriendLine({ friend, date, testId = 'friend' }: { friend: Referral; date: Intl.DateTimeFormat; testId?: string }) {
  const { t } = useTranslation('player');
  return (
    <li className="friend" data-testid={testId}>
      <span className="friend-avatar">
        <Avatar url={friend.avatar} name={friend.username} size={40} />
        <span className={`presence${friend.is_online ? ' presence-on' : ''}`} role="img" aria-label={friend.is_online ? t('friends.online') : t('friends.offline')} data-testid={friend.is_online ? 'online' : 'offline'} />
      </span>
      <span className="friend-name" title={friend.username}>
        {cutName(friend.username, 18, 16)}
        <small>{t('friends.joined', { date: date.format(new Date(friend.joined_at)) })}</small>
      </span>
      <span className="friend-games" data-testid="friend-games">
        {t('friends.games', { n: friend.games })}
      </span>
    </li>
  );
}

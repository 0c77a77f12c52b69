import type { Referral } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserId } from '../../net/user-query';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { friendsApi } from './friends-api';
import { FriendsSection } from './friends-section';
import { InviteCard } from './invite-card';
import { PagedListPanel } from './paged-list-panel';
import { UserSearch } from './user-search';
import './friends.css';
import { queryKeys } from '../../net/query-keys';

/** /friends (FEATURES.md §3, §11): friends and their asks, the invite link and the players it brought, who of them is online. */
export default function FriendsPage() {
  const { t, i18n } = useTranslation('player');
  const userId = useUserId();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.friends.referrals(page),
    queryFn: () => friendsApi.referrals(page),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const items = query.data?.items ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div className="friends" data-testid="friends-page">
      <UserSearch />
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
      <PagedListPanel
        titleId="friends-title"
        title={t('friends.title')}
        query={query}
        page={page}
        onPage={setPage}
        texts={{ loading: t('friends.loading'), failed: t('friends.failed'), empty: t('friends.empty') }}
        testIds={{ list: 'friends-list', empty: 'friends-empty', pager: 'friends-pager' }}
      >
        {items.map((friend) => (
          <FriendLine key={friend.user_id} friend={friend} date={date} />
        ))}
      </PagedListPanel>
    </div>
  );
}

function FriendLine({ friend, date, testId = 'friend' }: { friend: Referral; date: Intl.DateTimeFormat; testId?: string }) {
  const { t } = useTranslation('player');
  return (
    <li className="friend" data-testid={testId}>
      <span className="friend-avatar">
        <Avatar url={friend.avatar} name={friend.username} size={40} />
        <span
          className={`presence${friend.is_online ? ' presence-on' : ''}`}
          role="img"
          aria-label={friend.is_online ? t('friends.online') : t('friends.offline')}
          data-testid={friend.is_online ? 'online' : 'offline'}
        />
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

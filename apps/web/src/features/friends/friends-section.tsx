import type { FriendLine, FriendRequestLine } from '@durak/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { friendsApi } from './friends-api';
import { PagedListPanel } from './paged-list-panel';
import { queryKeys } from '../../net/query-keys';
import { tablePath } from '../../routes/paths';

/** /friends (FEATURES.md §11): the asks waiting for an answer, then the friends, online or at a table. */
export function FriendsSection() {
  const { t } = useTranslation('player');
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  // The realtime notices (friends-live.tsx) invalidate these at once; the poll only keeps the
  // online dots honest for friends who come and go.
  const friends = useQuery({
    queryKey: queryKeys.friends.list(page),
    queryFn: () => friendsApi.friends(page),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const requests = useQuery({ queryKey: queryKeys.friends.requests, queryFn: friendsApi.requests, refetchInterval: 30_000 });
  const answer = useMutation({
    mutationFn: ({ userId, isAccepted }: { userId: number; isAccepted: boolean }) =>
      isAccepted ? friendsApi.accept(userId).then(() => undefined) : friendsApi.decline(userId),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.friends.all }),
  });
  const failure = answer.error ? toApiFailure(answer.error) : null;
  const asks = requests.data?.items ?? [];
  const items = friends.data?.items ?? [];
  return (
    <>
      {asks.length > 0 ? (
        <section className="panel friends-list-panel" aria-labelledby="friend-requests-title" data-testid="friend-requests">
          <h2 id="friend-requests-title">{t('friendsList.requests_title', { count: asks.length })}</h2>
          <ul className="friends-list">
            {asks.map((ask) => (
              <RequestLine
                key={ask.user_id}
                ask={ask}
                isBusy={answer.isPending}
                onAnswer={(isAccepted) => answer.mutate({ userId: ask.user_id, isAccepted })}
              />
            ))}
          </ul>
          {failure ? (
            <p className="form-error" role="alert">
              {t(`friendsList.error.${failure.code}`, { defaultValue: t('friendsList.failed_action') })}
            </p>
          ) : null}
        </section>
      ) : null}
      <PagedListPanel
        titleId="my-friends-title"
        title={t('friendsList.title')}
        query={friends}
        page={page}
        onPage={setPage}
        texts={{ loading: t('friendsList.loading'), failed: t('friendsList.failed'), empty: t('friendsList.empty') }}
        testIds={{ list: 'my-friends', empty: 'my-friends-empty', pager: 'my-friends-pager' }}
      >
        {items.map((friend) => (
          <FriendRow key={friend.user_id} friend={friend} />
        ))}
      </PagedListPanel>
    </>
  );
}

function RequestLine({ ask, isBusy, onAnswer }: { ask: FriendRequestLine; isBusy: boolean; onAnswer: (isAccepted: boolean) => void }) {
  const { t } = useTranslation('player');
  return (
    <li className="friend friend-request" data-testid="friend-request">
      <span className="friend-avatar">
        <Avatar url={ask.avatar} name={ask.username} size={40} />
      </span>
      <span className="friend-name" title={ask.username}>
        {cutName(ask.username, 18, 16)}
        <small>{t('friendsList.wants')}</small>
      </span>
      <span className="friend-actions">
        <button type="button" className="btn btn-gold" disabled={isBusy} onClick={() => onAnswer(true)} data-testid="accept-friend">
          {t('friendsList.accept')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={isBusy}
          onClick={() => onAnswer(false)}
          data-testid="decline-friend"
          aria-label={t('friendsList.decline_named', { name: ask.username })}
        >
          {t('friendsList.decline')}
        </button>
      </span>
    </li>
  );
}

function FriendRow({ friend }: { friend: FriendLine }) {
  const { t } = useTranslation('player');
  const navigate = useNavigate();
  const roomId = friend.room_id;
  return (
    <li className="friend" data-testid="my-friend" data-user-id={friend.user_id}>
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
        <small>
          {friend.room_id !== undefined ? t('friendsList.at_table') : friend.is_online ? t('friends.online') : t('friends.offline')}
        </small>
      </span>
      {roomId !== undefined ? (
        <button type="button" className="btn btn-gold" onClick={() => void navigate(tablePath(roomId))} data-testid="friend-table">
          {t('friendsList.watch_join')}
        </button>
      ) : (
        <span />
      )}
    </li>
  );
}

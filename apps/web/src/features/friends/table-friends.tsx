import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMiniApp, shareViaHost } from '../../device/telegram';
import { toApiFailure } from '../../net/api-error';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { friendsApi } from './friends-api';
import { tableInviteLink } from './invite-link';
import './friends-live.css';
import { queryKeys } from '../../net/query-keys';

/** "Add friend" in a seat's menu at the table (FEATURES.md §11); says how the ask went. */
export function AddFriendButton({ userId }: { userId: number }) {
  const { t } = useTranslation('game');
  const ask = useMutation({ mutationFn: () => friendsApi.ask(userId) });
  const failure = ask.error ? toApiFailure(ask.error) : null;
  let note: string | null = null;
  if (ask.data) note = ask.data.status === 'friends' ? t('tableFriends.now_friends') : t('tableFriends.asked');
  else if (failure) note = failure.code === 'friend/already_friends' ? t('tableFriends.already') : t('tableFriends.failed');
  return (
    <div className="table-friends">
      <button
        type="button"
        className="btn btn-ghost btn-block"
        disabled={ask.isPending || ask.isSuccess}
        onClick={() => ask.mutate()}
        data-testid="add-friend"
      >
        {t('tableFriends.add')}
      </button>
      {note !== null ? (
        <p role="status" data-testid="add-friend-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Invite" at a waiting table: the player's online friends, each with an invite that lets them sit
 * without the password; inside Telegram also the host's share dialog with the table's start link.
 */
export function InviteFriendsButton({ roomId }: { roomId: number }) {
  const { t } = useTranslation('game');
  const [isOpen, setOpen] = useState(false);
  const [invited, setInvited] = useState<ReadonlySet<number>>(new Set());
  const friends = useQuery({ queryKey: queryKeys.friends.list(1), queryFn: () => friendsApi.friends(1), enabled: isOpen });
  const invite = useMutation({
    mutationFn: (userId: number) => friendsApi.invite(roomId, userId).then(() => userId),
    onSuccess: (userId) => setInvited((done) => new Set(done).add(userId)),
  });
  const failure = invite.error ? toApiFailure(invite.error) : null;
  const link = isMiniApp() ? tableInviteLink(roomId) : null;
  // Online friends first: they can come now.
  const items = [...(friends.data?.items ?? [])].sort((a, b) => Number(b.is_online) - Number(a.is_online));
  return (
    <>
      <button type="button" className="btn btn-ghost invite-friends-btn" onClick={() => setOpen(true)} data-testid="invite-friends">
        {t('tableFriends.invite')}
      </button>
      <Modal isOpen={isOpen} onClose={() => setOpen(false)} title={t('tableFriends.invite_title')} closeLabel={t('close')}>
        {link !== null ? (
          <button
            type="button"
            className="btn btn-gold btn-block"
            onClick={() => shareViaHost(link, t('tableFriends.share_text'))}
            data-testid="share-table"
          >
            {t('tableFriends.share')}
          </button>
        ) : null}
        {friends.isSuccess && items.length === 0 ? <p>{t('tableFriends.no_friends')}</p> : null}
        <ul className="table-friends-list" data-testid="invite-list">
          {items.map((friend) => (
            <li key={friend.user_id}>
              <Avatar url={friend.avatar} name={friend.username} size={36} />
              <span>
                {cutName(friend.username, 18, 16)}
                <small> · {friend.is_online ? t('tableFriends.online') : t('tableFriends.offline')}</small>
              </span>
              <button
                type="button"
                className="btn btn-gold"
                disabled={invited.has(friend.user_id) || invite.isPending}
                onClick={() => invite.mutate(friend.user_id)}
                data-testid="invite-friend"
              >
                {invited.has(friend.user_id) ? t('tableFriends.invited') : t('tableFriends.invite_one')}
              </button>
            </li>
          ))}
        </ul>
        {failure ? (
          <p className="form-error" role="alert">
            {t('tableFriends.invite_failed')}
          </p>
        ) : null}
      </Modal>
    </>
  );
}

import type { PersonRef } from '@durak/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { roomFromStartParam } from '../../device/start-param';
import { isMiniApp, launchStartParam } from '../../device/telegram';
import { toApiFailure } from '../../net/api-error';
import { http } from '../../net/http';
import { usePersonalChannel } from '../../net/personal-channel';
import { useUserId } from '../../net/user-query';
import { Avatar } from '../../ui/avatar';
import './friends-live.css';
import { queryKeys } from '../../net/query-keys';
import { tablePath } from '../../routes/paths';

type Notice = { id: number; from: PersonRef } & (
  { kind: 'room_invite'; roomId: number } | { kind: 'friend_request' } | { kind: 'friend_accepted' }
);

/** A notice stays this long unless answered; an invitation to a table is worth longer. */
const NOTICE_MS = { room_invite: 30_000, friend_request: 10_000, friend_accepted: 6_000 } as const;

/**
 * Friend news anywhere in the app (FEATURES.md §11): an invitation to a friend's table with "join",
 * a friend's ask and its acceptance; each refreshes the friends page's lists. Inside Telegram a
 * start parameter `room_<id>` opens that table once after sign-in.
 */
export function FriendsLive() {
  const { t } = useTranslation();
  const userId = useUserId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [notices, setNotices] = useState<Notice[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const nextId = useRef(1);
  const hasOpenedStartRoom = useRef(false);

  usePersonalChannel((message) => {
    if (message.type !== 'room_invite' && message.type !== 'friend_request' && message.type !== 'friend_accepted') return;
    void client.invalidateQueries({ queryKey: queryKeys.friends.all });
    const id = nextId.current++;
    const notice: Notice =
      message.type === 'room_invite'
        ? { id, kind: 'room_invite', roomId: message.room_id, from: message.from }
        : { id, kind: message.type, from: message.from };
    // One notice per person and kind: a second invitation replaces the first.
    setNotices((shown) => [...shown.filter((n) => !(n.kind === notice.kind && n.from.user_id === notice.from.user_id)), notice]);
    setTimeout(() => setNotices((shown) => shown.filter((n) => n.id !== id)), NOTICE_MS[notice.kind]);
  });

  useEffect(() => {
    if (userId === undefined || hasOpenedStartRoom.current || !isMiniApp()) return;
    hasOpenedStartRoom.current = true;
    const roomId = roomFromStartParam(launchStartParam());
    if (roomId !== undefined) void navigate(tablePath(roomId));
  }, [userId, navigate]);

  const dismiss = (id: number) => setNotices((shown) => shown.filter((n) => n.id !== id));

  async function join(notice: Notice & { kind: 'room_invite' }) {
    dismiss(notice.id);
    setFailed(null);
    try {
      // The invitation lets the friend sit without the private room's password.
      await http.post(`/v1/rooms/${notice.roomId}/seat`, {});
    } catch (error) {
      const code = toApiFailure(error).code;
      // Already there: just go. A full or started table can still be watched.
      if (code !== 'room/already_seated' && code !== 'room/full' && code !== 'room/already_started') {
        setFailed(t(`roomInvite.error.${code}`, { defaultValue: t('roomInvite.failed') }));
        return;
      }
    }
    void navigate(tablePath(notice.roomId));
  }

  if (userId === undefined || (notices.length === 0 && failed === null)) return null;
  return (
    <div className="friend-toasts" aria-live="polite">
      {notices.map((notice) => (
        <div key={notice.id} className="friend-toast" role="status" data-testid={`toast-${notice.kind}`}>
          <Avatar url={notice.from.avatar} name={notice.from.username} size={36} />
          <p>{t(`roomInvite.${notice.kind}`, { name: notice.from.username })}</p>
          {notice.kind === 'room_invite' ? (
            <button type="button" className="btn btn-gold" onClick={() => void join(notice)} data-testid="toast-join">
              {t('roomInvite.join')}
            </button>
          ) : notice.kind === 'friend_request' ? (
            <button
              type="button"
              className="btn btn-gold"
              onClick={() => {
                dismiss(notice.id);
                void navigate('/friends');
              }}
              data-testid="toast-view"
            >
              {t('roomInvite.view')}
            </button>
          ) : (
            <span />
          )}
          <button type="button" className="friend-toast-close" onClick={() => dismiss(notice.id)} aria-label={t('roomInvite.dismiss')}>
            ×
          </button>
        </div>
      ))}
      {failed !== null ? (
        <button type="button" className="friend-toast" role="alert" onClick={() => setFailed(null)} data-testid="toast-failed">
          <span />
          <p>{failed}</p>
        </button>
      ) : null}
    </div>
  );
}

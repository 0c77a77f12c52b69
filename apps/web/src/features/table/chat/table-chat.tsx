import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatBubbles } from './chat-bubbles';
import { ChatPanel } from './chat-panel';
import { useSheetRoom } from './sheet-room';
import type { TableChatState } from './use-table-chat';
import './chat.css';

export interface TableChatProps {
  readonly roomId: string;
  readonly me: string;
  /** Seated players write; spectators read (FEATURES.md §11). */
  readonly canWrite: boolean;
  readonly players: readonly { user_id: number; username: string }[];
  readonly chat: TableChatState;
}

/** The table's chat: its button (with the count of unread messages), the sheet and the bubbles. */
export function TableChat({ roomId, me, canWrite, players, chat }: TableChatProps) {
  const { t } = useTranslation('game');
  const [isOpen, setOpen] = useState(false);
  const [seenId, setSeenId] = useState(0);
  const lastId = chat.messages.at(-1)?.id ?? 0;
  // Whatever was said before the table opened counts as read: only news while it is closed is unread.
  const isPrimed = useRef(false);
  useEffect(() => {
    if (!isPrimed.current && chat.openedAt !== null) {
      isPrimed.current = true;
      setSeenId((seen) => Math.max(seen, chat.openedAt ?? 0));
    }
    if (isOpen) setSeenId(lastId);
  }, [isOpen, lastId, chat.openedAt]);
  const button = useRef<HTMLButtonElement>(null);
  const room = useSheetRoom(button, isOpen);
  const unread = chat.messages.filter((m) => m.id > seenId && String(m.from.user_id) !== me).length;

  function open() {
    setOpen(true);
    // A message missed while the socket could not recover its channel comes back with the history.
    void chat.refresh();
  }

  return (
    <>
      <ChatBubbles bubbles={chat.bubbles} />
      {isOpen ? (
        <ChatPanel
          roomId={roomId}
          me={me}
          canWrite={canWrite}
          chat={chat}
          players={players}
          onClose={() => setOpen(false)}
          style={room === null ? undefined : ({ '--chat-room': `${room}px` } as CSSProperties)}
        />
      ) : null}
      {/* Kept while the sheet is open, so the player's bar does not move under it. */}
      <button
        ref={button}
        type="button"
        className="chat-open"
        onClick={() => (isOpen ? setOpen(false) : open())}
        aria-expanded={isOpen}
        aria-label={unread > 0 ? t('tableChat.open_unread', { count: unread }) : t('tableChat.open')}
        data-testid="chat-open"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"
            transform="translate(0 2)"
          />
        </svg>
        {unread > 0 ? (
          <span className="chat-unread" data-testid="chat-unread">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
    </>
  );
}

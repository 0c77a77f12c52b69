import { chatTextMaxLength, reportReasons, type ChatMessage, type SendChatRequest } from '@durak/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure, type ApiErrorCode } from '../../../net/api-error';
import { chatApi } from './chat-api';
import type { TableChatState } from './use-table-chat';
import { queryKeys } from '../../../net/query-keys';

export interface ChatPanelProps {
  readonly roomId: string;
  readonly me: string;
  readonly canWrite: boolean;
  readonly chat: TableChatState;
  /** Who sits at the table now: their mute state is shown even before they write. */
  readonly players: readonly { user_id: number; username: string }[];
  readonly onClose: () => void;
  /** The sheet's measured room (`--chat-room`, see sheet-room.ts). */
  readonly style?: CSSProperties | undefined;
}

/** A code the chat explains in its own words; anything else is "could not send". */
const KNOWN_ERRORS = new Set<ApiErrorCode>([
  'request/rate_limited',
  'chat/spectator_read_only',
  'report/already_reported',
  'request/invalid',
]);

/** The refusals of FEATURES.md §17, in the `newcomer` namespace. */
const NEWCOMER_ERRORS: Partial<Record<ApiErrorCode, string>> = {
  'chat/invalid_text': 'chat.invalid_text',
  'report/not_present': 'chat.not_present',
  'report/too_late': 'chat.too_late',
};

/** What a message says in the reader's language: a quick phrase by its key, a text as written. */
export function useMessageText() {
  const { t } = useTranslation('game');
  return (m: ChatMessage) => (m.phrase_id !== undefined ? t(`tableChat.phrases.${m.phrase_id}`) : (m.text ?? ''));
}

/**
 * The chat's sheet: the history, and for a seated player the quick phrases and a text field;
 * from any other player's message, mute (this device only) or report them.
 */
export function ChatPanel({ roomId, me, canWrite, chat, players, onClose, style }: ChatPanelProps) {
  const { t } = useTranslation('game');
  const { t: nt } = useTranslation('newcomer');
  const textOf = useMessageText();
  const phrases = useQuery({ queryKey: queryKeys.chat.phrases, queryFn: chatApi.phrases, staleTime: Infinity });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  // Whose menu is open: `m<id>` under a message, `p<user id>` under a player's name.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [reported, setReported] = useState<Record<number, 'sent' | string>>({});
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  // The newest line in sight; scrolling the list itself, never the page behind the sheet.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chat.messages.length]);

  const errorText = (e: unknown) => {
    const failure = toApiFailure(e);
    const newer = NEWCOMER_ERRORS[failure.code];
    if (newer) return nt(newer);
    return KNOWN_ERRORS.has(failure.code) ? t(`tableChat.error.${failure.code.replace('/', '_')}`) : t('tableChat.error.failed');
  };

  async function send(body: SendChatRequest) {
    setSending(true);
    setError(null);
    try {
      await chatApi.send(roomId, body);
      if ('text' in body) setText('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim() !== '') void send({ text });
  }

  async function report(userId: number, reason: string) {
    try {
      await chatApi.report(roomId, { user_id: userId, reason }, chat.password());
      setReported((prev) => ({ ...prev, [userId]: 'sent' }));
    } catch (e) {
      const failure = toApiFailure(e);
      setReported((prev) => ({ ...prev, [userId]: failure.code === 'report/already_reported' ? 'sent' : errorText(e) }));
    }
  }

  const others = new Map<number, string>();
  for (const p of players) if (String(p.user_id) !== me) others.set(p.user_id, p.username);
  for (const m of chat.allMessages) if (String(m.from.user_id) !== me) others.set(m.from.user_id, m.from.username);
  const mutedHere = [...others].filter(([id]) => chat.muted.has(id));
  const seatedOthers = players.filter((p) => String(p.user_id) !== me);

  function playerMenu(userId: number, username: string) {
    const state = reported[userId];
    return (
      <div className="chat-menu" data-testid="chat-menu">
        <button type="button" className="chat-link" onClick={() => chat.toggleMute(userId)} data-testid="chat-mute">
          {chat.muted.has(userId) ? t('tableChat.unmute', { name: username }) : t('tableChat.mute', { name: username })}
        </button>
        {state === 'sent' ? (
          <p className="chat-note" role="status">
            {t('tableChat.reported', { name: username })}
          </p>
        ) : (
          <fieldset className="chat-report">
            <legend>{t('tableChat.report', { name: username })}</legend>
            {reportReasons.map((reason) => (
              <button
                key={reason}
                type="button"
                className="chat-chip"
                onClick={() => void report(userId, reason)}
                data-testid={`chat-report-${reason}`}
              >
                {t(`tableChat.reasons.${reason}`)}
              </button>
            ))}
            {state ? <p className="form-error">{state}</p> : null}
          </fieldset>
        )}
      </div>
    );
  }

  return (
    <section className="chat-sheet" style={style} role="dialog" aria-modal="false" aria-labelledby="chat-title" data-testid="chat-panel">
      <header className="chat-head">
        <h2 id="chat-title">{t('tableChat.title')}</h2>
        {seatedOthers.length > 0 ? (
          <div className="chat-players" role="group" aria-label={t('tableChat.players')}>
            {seatedOthers.map((p) => (
              <button
                key={p.user_id}
                type="button"
                className="chat-chip chat-player"
                aria-expanded={menuFor === `p${p.user_id}`}
                aria-label={t('tableChat.actions', { name: p.username })}
                onClick={() => setMenuFor(menuFor === `p${p.user_id}` ? null : `p${p.user_id}`)}
                data-testid="chat-player"
              >
                {p.username} ⋯
              </button>
            ))}
          </div>
        ) : null}
        <button type="button" className="chat-close" onClick={onClose} aria-label={t('tableChat.close')} data-testid="chat-close">
          ×
        </button>
      </header>
      {seatedOthers.map((p) =>
        menuFor === `p${p.user_id}` ? (
          <div key={p.user_id} className="chat-player-menu">
            {playerMenu(p.user_id, p.username)}
          </div>
        ) : null,
      )}
      {mutedHere.length > 0 ? (
        <p className="chat-muted-bar">
          {t('tableChat.muted_list')}{' '}
          {mutedHere.map(([id, name]) => (
            <button key={id} type="button" className="chat-link" onClick={() => chat.toggleMute(id)} data-testid="chat-unmute">
              {t('tableChat.unmute', { name })}
            </button>
          ))}
        </p>
      ) : null}
      <ol className="chat-history" ref={list} aria-live="polite" data-testid="chat-history">
        {chat.messages.length === 0 ? <li className="chat-note">{t('tableChat.empty')}</li> : null}
        {chat.messages.map((m) => {
          const isMine = String(m.from.user_id) === me;
          return (
            <li key={m.id} className={`chat-line${isMine ? ' chat-line-mine' : ''}`} data-testid="chat-line">
              <span className="chat-author">{isMine ? t('tableChat.you') : m.from.username}</span>
              <span className="chat-text">{textOf(m)}</span>
              {!isMine ? (
                <button
                  type="button"
                  className="chat-more"
                  aria-expanded={menuFor === `m${m.id}`}
                  aria-label={t('tableChat.actions', { name: m.from.username })}
                  onClick={() => setMenuFor(menuFor === `m${m.id}` ? null : `m${m.id}`)}
                  data-testid="chat-more"
                >
                  ⋯
                </button>
              ) : null}
              {menuFor === `m${m.id}` ? playerMenu(m.from.user_id, m.from.username) : null}
            </li>
          );
        })}
      </ol>
      {canWrite ? (
        <>
          <div className="chat-phrases" role="group" aria-label={t('tableChat.phrases_label')}>
            {(phrases.data ?? []).map((p) => (
              <button
                key={p.id}
                type="button"
                className="chat-chip"
                disabled={isSending}
                onClick={() => void send({ phrase_id: p.id })}
                data-testid={`chat-phrase-${p.id}`}
              >
                {t(p.key)}
              </button>
            ))}
          </div>
          <form className="chat-form" onSubmit={submit}>
            <input
              className="chat-input"
              value={text}
              maxLength={chatTextMaxLength}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('tableChat.placeholder')}
              aria-label={t('tableChat.placeholder')}
              enterKeyHint="send"
              data-testid="chat-input"
            />
            <button type="submit" className="btn btn-gold chat-send" disabled={isSending || text.trim() === ''} data-testid="chat-send">
              {t('tableChat.send')}
            </button>
          </form>
        </>
      ) : (
        <p className="chat-note">{t('tableChat.read_only')}</p>
      )}
      {error ? (
        <p className="form-error" role="alert" data-testid="chat-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

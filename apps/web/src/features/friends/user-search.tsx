import type { UserSearchAnswer } from '@durak/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../net/http';
import { queryKeys } from '../../net/query-keys';
import { toApiFailure } from '../../net/api-error';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { friendsApi } from './friends-api';

const searchUsers = (username: string, signal?: AbortSignal) =>
  http.get<UserSearchAnswer>('/users/search', { params: { username }, ...(signal ? { signal } : {}) }).then((r) => r.data.items);

/** Waits for a pause in typing: a search per letter would spend the 30 a minute at once. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

type Asked = 'requested' | 'friends' | 'full' | 'failed';

/** /friends: find a player by name and ask them to be friends (FEATURES.md §17). */
export function UserSearch() {
  const { t } = useTranslation('newcomer');
  const id = useId();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<Record<number, Asked>>({});
  const wanted = useSettled(text.trim(), 300);
  const found = useQuery({
    queryKey: queryKeys.friends.search(wanted),
    queryFn: ({ signal }) => searchUsers(wanted, signal),
    enabled: wanted !== '',
    staleTime: 30_000,
  });

  async function ask(userId: number) {
    try {
      const state = await friendsApi.ask(userId);
      setAsked((a) => ({ ...a, [userId]: state.status === 'friends' ? 'friends' : 'requested' }));
      await client.invalidateQueries({ queryKey: queryKeys.friends.all });
    } catch (error) {
      const code = toApiFailure(error).code;
      setAsked((a) => ({ ...a, [userId]: code === 'friend/too_many_requests' ? 'full' : 'failed' }));
    }
  }

  const items = found.data ?? [];
  return (
    <section className="panel friends-list-panel user-search" aria-labelledby={`${id}-title`} data-testid="user-search">
      <h2 id={`${id}-title`}>{t('search.label')}</h2>
      <input
        className="promo-input"
        type="search"
        aria-labelledby={`${id}-title`}
        placeholder={t('search.placeholder')}
        maxLength={32}
        autoComplete="off"
        spellCheck={false}
        value={text}
        data-testid="user-search-input"
        onChange={(event) => setText(event.target.value)}
      />
      {found.isError ? (
        <p className="field-error" role="alert">
          {t('search.failed')}
        </p>
      ) : null}
      {wanted !== '' && found.isSuccess && items.length === 0 ? <p data-testid="user-search-none">{t('search.none')}</p> : null}
      {items.length > 0 ? (
        <ul className="friends-list" data-testid="user-search-results">
          {items.map((user) => {
            const state = asked[user.user_id];
            return (
              <li key={user.user_id} className="friend" data-testid="user-search-line">
                <span className="friend-avatar">
                  <Avatar url={user.avatar} name={user.username} size={40} />
                  <span className={`presence${user.is_online ? ' presence-on' : ''}`} aria-hidden="true" />
                </span>
                <span className="friend-name" title={user.username}>
                  {cutName(user.username, 18, 16)}
                  {user.is_online ? <small>{t('search.online')}</small> : null}
                </span>
                {state === 'requested' || state === 'friends' ? (
                  <span className="user-search-state" role="status">
                    {t('search.requested')}
                  </span>
                ) : state === 'full' || state === 'failed' ? (
                  <span className="field-error" role="alert">
                    {t(state === 'full' ? 'search.full' : 'search.failed')}
                  </span>
                ) : (
                  <button type="button" className="btn btn-gold" onClick={() => void ask(user.user_id)}>
                    {t('search.add')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

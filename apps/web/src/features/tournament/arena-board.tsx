import type { ArenaStanding } from '@durak/protocol';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '../../net/realtime';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import { tournamentApi } from './tournament-api';
import { usePagedList } from './use-paged-list';
import './arena-board.css';

export const BOARD_PAGE_SIZE = 20;
const standingKey = (s: ArenaStanding) => s.user_id;
export const standingsKey = (id: number) => ['tournament', id, 'standings'] as const;

/**
 * An arena's board (FEATURES.md §15), read page by page and kept live by `standings_changed` on
 * `tournament:{id}`: each one lays the board's new first page over what was read, and the loaded
 * pages are read again shortly after (places further down move too).
 */
export function useArenaBoard(id: number, isEnabled: boolean) {
  const board = usePagedList(
    standingsKey(id),
    (page, signal) => tournamentApi.standings(id, page, BOARD_PAGE_SIZE, signal),
    standingKey,
    isEnabled,
  );
  const { change } = board;
  const onMessage = useCallback(
    (data: unknown) => {
      const message = data as { type?: string; tournament_id?: number; items?: ArenaStanding[] };
      if (message.type !== 'standings_changed' || message.tournament_id !== id || !Array.isArray(message.items)) return;
      change({ type: 'upsert', items: message.items, isNewFirst: false });
    },
    [change, id],
  );
  useChannel(isEnabled ? `tournament:${id}` : null, onMessage);
  const items = useMemo(() => [...board.list.items].sort((a, b) => a.place - b.place || a.user_id - b.user_id), [board.list.items]);
  return { items, query: board.query, refetchSoon: board.refetchSoon };
}

/** The board: place, player, points (a flame on a streak), games and wins, and who is at a table. */
export function ArenaBoard({ board, myId }: { board: ReturnType<typeof useArenaBoard>; myId: number | undefined }) {
  const { t: ta } = useTranslation('arena');
  const { items, query } = board;
  return (
    <section className="trn-card panel arena-board" aria-labelledby="arena-board-title" data-testid="arena-board">
      <h2 id="arena-board-title">{ta('board.title')}</h2>
      {query.isPending ? <Spinner label={ta('board.loading')} /> : null}
      {query.isError ? (
        <div className="trn-empty" role="alert">
          <p>{ta('board.load_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
            {ta('board.retry')}
          </button>
        </div>
      ) : null}
      {!query.isPending && !query.isError && items.length === 0 ? <p className="trn-empty">{ta('board.empty')}</p> : null}
      {items.length > 0 ? (
        <table className="arena-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{ta('board.player')}</th>
              <th scope="col" className="arena-num">
                {ta('board.points')}
              </th>
              <th scope="col" className="arena-num arena-wide">
                {ta('board.games')}
              </th>
              <th scope="col" className="arena-num arena-wide">
                {ta('board.wins')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr
                key={s.user_id}
                className={s.user_id === myId ? 'arena-me' : undefined}
                data-testid="arena-row"
                data-user={s.user_id}
                data-points={s.points}
              >
                <td className="arena-place">{s.place}</td>
                <td className="arena-player">
                  <Avatar url={s.avatar} name={s.username} size={28} />
                  <span className="arena-name">{cutName(s.username, 18)}</span>
                  {s.playing ? (
                    <span className="arena-dot" title={ta('board.playing')} aria-label={ta('board.playing')} />
                  ) : s.paused ? (
                    <span className="arena-paused">{ta('board.paused')}</span>
                  ) : null}
                </td>
                <td className="arena-num arena-points">
                  {s.points}
                  {s.streak >= 2 ? (
                    <span
                      className="arena-streak"
                      title={ta('board.streak', { n: s.streak })}
                      aria-label={ta('board.streak', { n: s.streak })}
                    >
                      🔥
                    </span>
                  ) : null}
                </td>
                <td className="arena-num arena-wide">{s.games}</td>
                <td className="arena-num arena-wide">{s.wins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="arena-board-more"
        >
          {query.isFetchingNextPage ? ta('board.loading') : ta('board.more')}
        </button>
      ) : null}
    </section>
  );
}

/** The live board on the admin's page of an arena (the same lines the players see). */
export function AdminArenaBoard({ id }: { id: number }) {
  const board = useArenaBoard(id, true);
  return <ArenaBoard board={board} myId={undefined} />;
}

/** "Arena" beside a tournament's name in the admin's list. */
export function ArenaTag() {
  const { t: ta } = useTranslation('arena');
  return (
    <span className="trn-pin" data-testid="arena-tag">
      {ta('format.arena')}
    </span>
  );
}

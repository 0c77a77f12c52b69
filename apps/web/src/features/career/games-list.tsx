import type { PlayerGame } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChips } from '../../ui/format';
import { Pager } from '../../ui/pager';
import { QueryState } from '../../ui/query-state';
import { careerApi } from './career-api';
import { RecordDialog } from './record-dialog';
import { ReplayEntry } from '../replay/replay-entry';
import { queryKeys } from '../../net/query-keys';

/** The player's finished games, newest first, paged; each opens its record. */
export function GamesList() {
  const { t, i18n } = useTranslation('player');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<PlayerGame | null>(null);
  const query = useQuery({
    queryKey: queryKeys.career.games(page),
    queryFn: () => careerApi.games(page),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="panel career-section" aria-labelledby="games-title">
      <h2 id="games-title">{t('games.title')}</h2>
      <QueryState
        query={query}
        loading={t('games.loading')}
        failed={t('games.failed')}
        retry={t('retry')}
        empty={query.isSuccess && items.length === 0 ? <p>{t('games.empty')}</p> : null}
      >
        <ul className="games-list" data-testid="games-list">
          {items.map((game) => (
            <li key={game.room_id} className="game-row">
              <button
                type="button"
                className={`game-line game-${game.result ?? 'none'}`}
                onClick={() => setOpened(game)}
                data-testid="game-line"
              >
                <span className="game-result">{t(`games.result_${game.result ?? 'none'}`)}</span>
                <span className="game-meta">
                  {when.format(new Date(game.finished_at))} · {t('games.players', { n: game.player_count })} ·{' '}
                  {t('games.deck', { size: game.deck_size })}
                </span>
                <span className={`game-amount${game.amount.startsWith('-') ? ' chips-lost' : ' chips-won'}`}>
                  {game.amount.startsWith('-') ? '' : '+'}
                  {formatChips(game.amount)} {t(`wallet.${game.balance_type}`, { defaultValue: game.balance_type })}
                </span>
              </button>
              {/* The record's "verify the shuffle" stays in the dialog the line opens; the replay sits beside it. */}
              <ReplayEntry roomId={game.room_id} isShareShown={false} label="career_watch" />
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          hasNext={Boolean(query.data?.links.next)}
          onPage={setPage}
          labels={{ previous: t('previous'), next: t('next'), page: t('games.title') }}
          testId="games-pager"
        />
      </QueryState>
      {opened ? <RecordDialog game={opened} onClose={() => setOpened(null)} /> : null}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cutName } from '../../ui/format';
import type { TournamentPlayer, WatchState } from '@durak/protocol';
import { tournamentApi } from '../tournament/tournament-api';
import { queryKeys } from '../../net/query-keys';

/** The table's players in the tournament's list (read page by page until all are found). */
async function tablePlayers(tournamentId: number, ids: ReadonlySet<number>): Promise<TournamentPlayer[]> {
  const found: TournamentPlayer[] = [];
  for (let page = 1; page <= 50 && found.length < ids.size; page += 1) {
    const answer = await tournamentApi.players(tournamentId, page, 100);
    found.push(...answer.items.filter((p) => ids.has(p.user_id)));
    if (!answer.links.next) break;
  }
  return found;
}

/**
 * A tournament game's ending (FEATURES.md §10): in place of stakes and a rematch, the player's
 * place in the tournament (or that they go on), who of this table goes on, and the way back to
 * the tournament. The game's last transaction advanced the tournament, so one read is current.
 */
export function TournamentOutcome({ watch, me, tournamentId }: { watch: WatchState; me: string; tournamentId: number }) {
  const { t } = useTranslation('game');
  const ids = new Set(Object.values(watch.seats).map((s) => Number(s.player.player_id)));
  const detail = useQuery({
    queryKey: queryKeys.tournament.detail(tournamentId),
    queryFn: ({ signal }) => tournamentApi.get(tournamentId, signal),
  });
  const players = useQuery({
    queryKey: queryKeys.tournament.tablePlayers(tournamentId, watch.room.id),
    queryFn: () => tablePlayers(tournamentId, ids),
  });
  const info = detail.data?.player_info;
  const isMine = watch.seats[me] !== undefined;
  const goingOn = (players.data ?? []).filter((p) => !p.is_eliminated);
  const isWinner = detail.data?.status === 'finished' && info?.place === 1;

  return (
    <div className="results-tournament" data-testid="results-tournament">
      {isMine && info ? (
        <p className="results-balance" data-testid="results-tournament-place">
          {isWinner
            ? t('first_taps.tournament.won')
            : info.place !== null
              ? t('first_taps.tournament.place', { place: info.place })
              : t('first_taps.tournament.going_on')}
        </p>
      ) : null}
      {players.data && detail.data?.status !== 'finished' ? (
        <p className="results-balance" data-testid="results-tournament-next">
          {goingOn.length > 0
            ? t('first_taps.tournament.next', { names: goingOn.map((p) => cutName(p.username)).join(', ') })
            : t('first_taps.tournament.nobody_next')}
        </p>
      ) : null}
      <Link to={`/tournament/${tournamentId}`} className="btn btn-gold btn-block" data-testid="results-tournament-back">
        {t('first_taps.tournament.back')}
      </Link>
    </div>
  );
}

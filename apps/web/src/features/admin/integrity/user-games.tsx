import type { AdminUser } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SimpleTable } from './simple-table';
import './integrity.css';

const signed = (value: string) => (value.startsWith('-') || value === '0' ? value : `+${value}`);

/**
 * The admin user page's games (FEATURES.md §12): each game with its opponents, the stake, how every
 * seat ended and the chips that went between the user and each opponent; then the totals per
 * opponent, where a one-way flow stands out.
 */
export function UserGames({ user }: { user: AdminUser }) {
  const { t: tx, i18n } = useTranslation('integrity');
  const when = (at: string | null) =>
    at === null ? '—' : new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <SimpleTable
        testId="user-games"
        headers={[tx('game.room'), tx('game.finished'), tx('game.bet'), tx('usergames.result'), tx('usergames.opponents')]}
        rows={user.games}
        rowKey={(g) => g.room_id}
        cells={(g) => [
          <a href={`/replay/${g.room_id}`}>#{g.room_id}</a>,
          when(g.finished_at),
          `${g.bet_amount} ${g.balance_type === 'BALANCE' ? '' : '★'}`,
          `${g.amount === null ? '—' : signed(g.amount)} (${tx(`reason.${g.result_reason ?? 'normal'}`)})`,
          (g.opponents ?? []).map((o) => (
            <span key={o.user_id} className="integrity-seat">
              <Link to={`/admin/user/${o.user_id}`}>{o.username}</Link> {tx(`reason.${o.result_reason}`)} ·{' '}
              {tx('usergames.flow', { chips: signed(o.flow) })}
            </span>
          )),
        ]}
      />
      <h2 className="admin-subtitle">{tx('usergames.totals')}</h2>
      <SimpleTable
        testId="user-opponents"
        headers={[tx('usergames.opponent'), tx('usergames.games'), tx('usergames.won_from'), tx('usergames.lost_to')]}
        rows={user.opponents ?? []}
        rowKey={(o) => o.user_id}
        cells={(o) => [<Link to={`/admin/user/${o.user_id}`}>{o.username}</Link>, o.games, o.won_from, o.lost_to]}
      />
    </>
  );
}

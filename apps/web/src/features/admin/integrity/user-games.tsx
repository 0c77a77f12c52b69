import type { AdminUser } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
      <div className="admin-table-scroll">
        <table className="admin-table" data-testid="user-games">
          <thead>
            <tr>
              <th>{tx('game.room')}</th>
              <th>{tx('game.finished')}</th>
              <th>{tx('game.bet')}</th>
              <th>{tx('usergames.result')}</th>
              <th>{tx('usergames.opponents')}</th>
            </tr>
          </thead>
          <tbody>
            {user.games.map((g) => (
              <tr key={g.room_id}>
                <td>
                  <a href={`/replay/${g.room_id}`}>#{g.room_id}</a>
                </td>
                <td>{when(g.finished_at)}</td>
                <td>
                  {g.bet_amount} {g.balance_type === 'BALANCE' ? '' : '★'}
                </td>
                <td>
                  {g.amount === null ? '—' : signed(g.amount)} ({tx(`reason.${g.result_reason ?? 'normal'}`)})
                </td>
                <td>
                  {(g.opponents ?? []).map((o) => (
                    <span key={o.user_id} className="integrity-seat">
                      <Link to={`/admin/user/${o.user_id}`}>{o.username}</Link> {tx(`reason.${o.result_reason}`)} ·{' '}
                      {tx('usergames.flow', { chips: signed(o.flow) })}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="admin-subtitle">{tx('usergames.totals')}</h2>
      <div className="admin-table-scroll">
        <table className="admin-table" data-testid="user-opponents">
          <thead>
            <tr>
              <th>{tx('usergames.opponent')}</th>
              <th>{tx('usergames.games')}</th>
              <th>{tx('usergames.won_from')}</th>
              <th>{tx('usergames.lost_to')}</th>
            </tr>
          </thead>
          <tbody>
            {(user.opponents ?? []).map((o) => (
              <tr key={o.user_id}>
                <td>
                  <Link to={`/admin/user/${o.user_id}`}>{o.username}</Link>
                </td>
                <td>{o.games}</td>
                <td>{o.won_from}</td>
                <td>{o.lost_to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

import type { IntegrityCaseDetail } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A case's evidence: its signals with their figures, the games (with replays), transfers and devices. */
export function EvidenceTables({ detail }: { detail: IntegrityCaseDetail }) {
  const { t: tx, i18n } = useTranslation('integrity');
  const when = (at: string | null) =>
    at === null ? '—' : new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const names = new Map(detail.accounts.map((a) => [a.user_id, a.username]));
  return (
    <>
      <h2 className="admin-subtitle">{tx('case.signals')}</h2>
      <ul className="integrity-signals" data-testid="integrity-signals">
        {detail.signals.map((s, i) => (
          <li key={i}>
            <b>{tx(`kind.${s.kind}`)}</b> {s.score.toFixed(2)} — {s.users.map((u) => names.get(u) ?? `#${u}`).join(' → ')}
            <span className="integrity-figures">
              {Object.entries(s.figures)
                .filter(([, v]) => v !== '')
                .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      <h2 className="admin-subtitle">{tx('case.games', { count: detail.game_list.length })}</h2>
      <div className="admin-table-scroll">
        <table className="admin-table" data-testid="integrity-games">
          <thead>
            <tr>
              <th>{tx('game.room')}</th>
              <th>{tx('game.finished')}</th>
              <th>{tx('game.bet')}</th>
              <th>{tx('game.players')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.game_list.map((g) => (
              <tr key={g.room_id}>
                <td>
                  <a href={g.replay_url}>#{g.room_id}</a>
                  {g.is_private ? ` · ${tx('game.private')}` : ''}
                </td>
                <td>{when(g.finished_at)}</td>
                <td>{g.bet_amount}</td>
                <td>
                  {g.players.map((p) => (
                    <span key={p.user_id} className="integrity-seat">
                      <Link to={`/admin/user/${p.user_id}`}>{p.username}</Link> {Number(p.amount) > 0 ? '+' : ''}
                      {p.amount} ({tx(`reason.${p.result_reason}`)})
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="admin-subtitle">{tx('case.transfers')}</h2>
      <div className="admin-table-scroll">
        <table className="admin-table" data-testid="integrity-transfers">
          <thead>
            <tr>
              <th>{tx('transfer.kind')}</th>
              <th>{tx('transfer.from')}</th>
              <th>{tx('transfer.to')}</th>
              <th>{tx('transfer.amount')}</th>
              <th>{tx('transfer.at')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.transfers.map((x) => (
              <tr key={x.id}>
                <td>{x.kind}</td>
                <td>{x.from}</td>
                <td>{x.to}</td>
                <td>{x.amount}</td>
                <td>{when(x.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="admin-subtitle">{tx('case.devices')}</h2>
      <div className="admin-table-scroll">
        <table className="admin-table" data-testid="integrity-devices">
          <thead>
            <tr>
              <th>{tx('device.user')}</th>
              <th>{tx('device.device')}</th>
              <th>{tx('device.address')}</th>
              <th>{tx('transfer.at')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.devices.map((d, i) => (
              <tr key={i}>
                <td>{d.username}</td>
                <td>{d.device_id ?? '—'}</td>
                <td>{d.address ?? '—'}</td>
                <td>{when(d.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

import type { IntegrityCaseDetail } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { figureText } from './figures';
import { SimpleTable } from './simple-table';

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
                .map(([k, v]) => figureText(tx, k, v))
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      <h2 className="admin-subtitle">{tx('case.games', { count: detail.game_list.length })}</h2>
      <SimpleTable
        testId="integrity-games"
        headers={[tx('game.room'), tx('game.finished'), tx('game.bet'), tx('game.players')]}
        rows={detail.game_list}
        rowKey={(g) => g.room_id}
        cells={(g) => [
          <>
            <a href={g.replay_url}>#{g.room_id}</a>
            {g.is_private ? ` · ${tx('game.private')}` : ''}
          </>,
          when(g.finished_at),
          g.bet_amount,
          g.players.map((p) => (
            <span key={p.user_id} className="integrity-seat">
              <Link to={`/admin/user/${p.user_id}`}>{p.username}</Link> {Number(p.amount) > 0 ? '+' : ''}
              {p.amount} ({tx(`reason.${p.result_reason}`)})
            </span>
          )),
        ]}
      />
      <h2 className="admin-subtitle">{tx('case.transfers')}</h2>
      <SimpleTable
        testId="integrity-transfers"
        headers={[tx('transfer.kind'), tx('transfer.from'), tx('transfer.to'), tx('transfer.amount'), tx('transfer.at')]}
        rows={detail.transfers}
        rowKey={(x) => x.id}
        cells={(x) => [x.kind, x.from, x.to, x.amount, when(x.at)]}
      />
      <h2 className="admin-subtitle">{tx('case.devices')}</h2>
      <SimpleTable
        testId="integrity-devices"
        headers={[tx('device.user'), tx('device.device'), tx('device.address'), tx('transfer.at')]}
        rows={detail.devices}
        rowKey={(_, i) => i}
        cells={(d) => [d.username, d.device_id ?? '—', d.address ?? '—', when(d.at)]}
      />
    </>
  );
}

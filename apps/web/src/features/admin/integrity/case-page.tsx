import type { IntegrityCaseDetail, IntegrityConfirmRequest } from '@durak/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../../../net/query-keys';
import { Spinner } from '../../../ui/spinner';
import { AdminLayout } from '../ui/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorText } from '../ui/error-text';
import { integrityApi } from './integrity-api';
import { EvidenceTables } from './evidence-tables';
import './integrity.css';

type Asking = 'freeze' | 'dismiss' | IntegrityConfirmRequest['action'] | null;

/** /admin/integrity/:id: one case with its evidence and the actions its status allows. */
export default function IntegrityCasePage() {
  const { t: tx, i18n } = useTranslation('integrity');
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const found = useQuery({ queryKey: queryKeys.admin.integrityCase(id), queryFn: () => integrityApi.read(id), enabled: id > 0 });
  const [asking, setAsking] = useState<Asking>(null);
  const act = useMutation({
    mutationFn: ({ what, reason }: { what: Exclude<Asking, null>; reason: string }) =>
      what === 'freeze'
        ? integrityApi.freeze(id, reason)
        : what === 'dismiss'
          ? integrityApi.dismiss(id, reason)
          : integrityApi.confirm(id, what, reason),
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.admin.integrityCase(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'integrity', 'cases'] });
    },
  });
  if (found.isPending) return <Spinner isPage />;
  if (found.isError || !found.data)
    return (
      <AdminLayout title={tx('case.title', { id })}>
        <p className="admin-error" role="alert">
          {errorText(found.error, t)}
        </p>
      </AdminLayout>
    );
  const c: IntegrityCaseDetail = found.data;
  const chips = (value: string) => Number(value).toLocaleString(i18n.language);
  const actions = (
    <>
      {c.status === 'open' ? (
        <button type="button" className="admin-btn admin-btn-danger" onClick={() => setAsking('freeze')} data-testid="integrity-freeze">
          {tx('action.freeze')}
        </button>
      ) : null}
      {c.status === 'frozen'
        ? (['refund', 'confiscate', 'none'] as const).map((what) => (
            <button
              key={what}
              type="button"
              className="admin-btn admin-btn-danger"
              onClick={() => setAsking(what)}
              data-testid={`integrity-confirm-${what}`}
            >
              {tx(`action.confirm_${what}`)}
            </button>
          ))
        : null}
      {c.status === 'open' || c.status === 'frozen' ? (
        <button type="button" className="admin-btn" onClick={() => setAsking('dismiss')} data-testid="integrity-dismiss">
          {tx('action.dismiss')}
        </button>
      ) : null}
    </>
  );
  return (
    <AdminLayout title={tx('case.title', { id: c.id })} actions={actions}>
      <div className="admin-figures" data-testid="integrity-case">
        <div className="admin-figure">
          <span className="admin-figure-label">{tx('list.kind')}</span>
          <strong className="admin-figure-value">{tx(`kind.${c.kind}`)}</strong>
        </div>
        <div className="admin-figure">
          <span className="admin-figure-label">{tx('list.score')}</span>
          <strong className="admin-figure-value">{c.score.toFixed(2)}</strong>
        </div>
        <div className="admin-figure">
          <span className="admin-figure-label">{tx('list.status')}</span>
          <strong className="admin-figure-value" data-testid="integrity-status">
            {tx(`status.${c.status}`)}
          </strong>
        </div>
        <div className="admin-figure">
          <span className="admin-figure-label">{tx('list.chips')}</span>
          <strong className="admin-figure-value">{chips(c.chips_moved)}</strong>
        </div>
      </div>
      <h2 className="admin-subtitle">{tx('case.accounts')}</h2>
      <ul className="integrity-accounts">
        {c.accounts.map((a) => (
          <li key={a.user_id}>
            <Link to={`/admin/user/${a.user_id}`}>{a.username}</Link> <span className="admin-badge">{tx(`role.${a.role}`)}</span>
          </li>
        ))}
      </ul>
      {c.settlement ? (
        <p className="admin-hint" data-testid="integrity-settlement">
          {tx('case.settled', {
            moved: chips(c.settlement.moved.reduce((sum, m) => sum + BigInt(m.amount), 0n).toString()),
            short: chips(c.settlement.short.reduce((sum, m) => sum + BigInt(m.amount), 0n).toString()),
          })}
        </p>
      ) : null}
      <EvidenceTables detail={c} />
      <ConfirmDialog
        isOpen={asking !== null}
        title={asking === null ? '' : tx(asking === 'freeze' || asking === 'dismiss' ? `action.${asking}` : `action.confirm_${asking}`)}
        confirmLabel={
          asking === null ? '' : tx(asking === 'freeze' || asking === 'dismiss' ? `action.${asking}` : `action.confirm_${asking}`)
        }
        isDanger={asking !== 'dismiss'}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => act.mutateAsync({ what: asking!, reason })}
      >
        <p>{asking === null ? '' : tx(`explain.${asking}`)}</p>
      </ConfirmDialog>
    </AdminLayout>
  );
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { permissionsQuery } from '../../../net/query-client';
import type { AgentChild, UserPatchRequest } from '@durak/protocol';
import { adminApi } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { AgentFiguresView } from './agent-figures';
import { routeId } from '../../../routes/route-id';
import { NotFound } from '../ui/not-found';
import { queryKeys } from '../../../net/query-keys';

const children = columnHelper<AgentChild>();

type Pending = { kind: 'make_agent'; child: AgentChild } | { kind: 'rate'; bps: number } | null;

/** /admin/agent/{id}: the agent's figures and its direct children; an admin also sets its rate and promotes players. */
export default function AgentPage() {
  const { t, i18n } = useTranslation('admin');
  const id = routeId(useParams().id) ?? 0;
  const queryClient = useQueryClient();
  const permissions = useQuery(permissionsQuery).data?.permissions ?? [];
  const canManage = permissions.includes('admin.users.manage');
  const canReadUsers = permissions.includes('admin.users.read');
  const list = useListParams({ limit: 20 });
  const result = useQuery({
    queryKey: queryKeys.admin.agentChildren(id, list.query),
    queryFn: () => adminApi.agentChildren(id, list.query),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
  const figures = useQuery({ queryKey: queryKeys.admin.agent(id), queryFn: () => adminApi.agent(id), enabled: id > 0 });
  const [pending, setPending] = useState<Pending>(null);
  const [rate, setRate] = useState('');
  const change = useMutation({
    mutationFn: ({ userId, body, reason }: { userId: number; body: UserPatchRequest; reason: string }) =>
      adminApi.patchUser(userId, body, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
  const columns = useMemo(
    () => [
      children.accessor('username', {
        header: t('agent.username'),
        cell: (c) =>
          c.row.original.is_agent ? (
            <Link to={`/admin/agent/${c.row.original.id}`}>{c.getValue()}</Link>
          ) : canReadUsers ? (
            <Link to={`/admin/user/${c.row.original.id}`}>{c.getValue()}</Link>
          ) : (
            c.getValue()
          ),
      }),
      children.accessor('is_agent', { header: t('agent.kind'), cell: (c) => (c.getValue() ? t('role.agent') : t('role.player')) }),
      children.accessor('children_count', { header: t('agent.children') }),
      children.accessor('last_played_at', {
        header: t('agent.last_played'),
        cell: (c) => (c.getValue() ? new Date(c.getValue()!).toLocaleDateString(i18n.language) : '—'),
      }),
      ...(canManage
        ? [
            children.display({
              id: 'actions',
              header: '',
              cell: (c) =>
                c.row.original.is_agent ? null : (
                  <button type="button" className="btn admin-btn" onClick={() => setPending({ kind: 'make_agent', child: c.row.original })}>
                    {t('agent.make_agent')}
                  </button>
                ),
            }),
          ]
        : []),
    ],
    [t, i18n.language, canManage, canReadUsers],
  );
  const bps = Math.round(Number(rate) * 100);
  const isRateValid = rate !== '' && Number.isFinite(bps) && bps >= 0 && bps <= 10_000;
  if (id === 0) return <NotFound />;
  return (
    <AdminLayout title={figures.data ? t('agent.title', { name: figures.data.username }) : t('agent.title', { name: `#${id}` })}>
      <AgentFiguresView id={id} />
      {canManage && figures.data ? (
        <form
          className="admin-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (isRateValid) setPending({ kind: 'rate', bps });
          }}
        >
          <label className="admin-field">
            <span>{t('agent.new_rate')}</span>
            <input
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              value={rate}
              placeholder={(figures.data.commission_bps / 100).toFixed(2)}
              onChange={(e) => setRate(e.target.value)}
            />
          </label>
          <button type="submit" className="btn admin-btn admin-btn-primary" disabled={!isRateValid}>
            {t('agent.set_rate')}
          </button>
        </form>
      ) : null}
      <h2 className="admin-subtitle">{t('agent.children_title')}</h2>
      <DataTable columns={columns} {...pagedRows(list, result)} emptyText={t('agent.no_children')} />
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.kind === 'make_agent' ? t('agent.make_agent') : t('agent.set_rate')}
        confirmLabel={t('confirm.confirm')}
        onClose={() => setPending(null)}
        onConfirm={(reason) =>
          pending?.kind === 'make_agent'
            ? change.mutateAsync({ userId: pending.child.id, body: { roles: ['player', 'agent'] }, reason })
            : change
                .mutateAsync({ userId: id, body: { commission_bps: pending?.kind === 'rate' ? pending.bps : 0 }, reason })
                .then(() => setRate(''))
        }
      >
        <p>
          {pending?.kind === 'make_agent'
            ? t('agent.make_agent_text', { name: pending.child.username })
            : t('agent.set_rate_text', { rate: pending?.kind === 'rate' ? (pending.bps / 100).toFixed(2) : '' })}
        </p>
      </ConfirmDialog>
    </AdminLayout>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AgentRow } from '@durak/protocol';
import { adminApi } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { columnHelper, DataTable } from '../ui/data-table';
import { FilterBar } from '../ui/filter-bar';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { queryKeys } from '../../../net/query-keys';

const agents = columnHelper<AgentRow>();
const SORTABLE = ['id', 'username', 'commission_bps', 'children_count'] as const;

/** /admin/agents: an admin's every agent, an agent's itself and its sub-agents; searched, sorted, paged on the server. */
export default function AgentsPage() {
  const { t } = useTranslation('admin');
  const list = useListParams({ sort: 'id', order: 'asc', limit: 20, filters: ['search'] });
  const result = useQuery({
    queryKey: queryKeys.admin.agents(list.query),
    queryFn: () => adminApi.agents(list.query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      agents.accessor('id', { header: 'ID' }),
      agents.accessor('username', {
        header: t('agent.username'),
        cell: (c) => <Link to={`/admin/agent/${c.row.original.id}`}>{c.getValue()}</Link>,
      }),
      agents.accessor('commission_bps', { header: t('agent.rate'), cell: (c) => `${(c.getValue() / 100).toFixed(2)} %` }),
      agents.accessor('children_count', { header: t('agent.children') }),
      agents.accessor('parent_id', { header: t('agent.parent'), cell: (c) => c.getValue() ?? '—' }),
    ],
    [t],
  );
  return (
    <AdminLayout title={t('agents.title')}>
      <FilterBar
        search={list.query.search as string | undefined}
        onSearch={(value) => list.setFilter('search', value)}
        placeholder={t('agents.search')}
      />
      <DataTable
        columns={columns}
        {...pagedRows(list, result)}
        emptyText={t('agents.empty')}
        sorting={{ columns: SORTABLE, sort: list.query.sort, order: list.query.order, onSort: list.toggleSort }}
      />
    </AdminLayout>
  );
}

import type { IntegrityCase } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../../../net/query-keys';
import { AdminLayout } from '../ui/admin-layout';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { integrityApi } from './integrity-api';
import './integrity.css';

const lines = columnHelper<IntegrityCase>();
export const STATUSES = ['open', 'frozen', 'confirmed', 'dismissed'] as const;

/** /admin/integrity: the fair-play cases by status, newest first (FEATURES.md §12). */
export default function IntegrityCasesPage() {
  const { t: tx, i18n } = useTranslation('integrity');
  const list = useListParams({ limit: 20, filters: ['status'] });
  const status = typeof list.query.status === 'string' ? list.query.status : 'open';
  const query = { ...list.query, status };
  const result = useQuery({
    queryKey: queryKeys.admin.integrityCases(query),
    queryFn: () => integrityApi.list(query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      lines.accessor('id', { header: tx('list.case'), cell: (c) => <Link to={`/admin/integrity/${c.getValue()}`}>#{c.getValue()}</Link> }),
      lines.accessor('kind', { header: tx('list.kind'), cell: (c) => tx(`kind.${c.getValue()}`) }),
      lines.accessor('score', { header: tx('list.score'), cell: (c) => c.getValue().toFixed(2) }),
      lines.accessor((row) => row.accounts.map((a) => a.username).join(', '), { id: 'accounts', header: tx('list.accounts') }),
      lines.accessor('chips_moved', { header: tx('list.chips'), cell: (c) => Number(c.getValue()).toLocaleString(i18n.language) }),
      lines.accessor((row) => row.games.length, { id: 'games', header: tx('list.games') }),
      lines.accessor('opened_at', { header: tx('list.opened'), cell: (c) => new Date(c.getValue()).toLocaleString(i18n.language) }),
    ],
    [tx, i18n.language],
  );
  return (
    <AdminLayout title={tx('list.title')}>
      <div className="admin-filter-bar integrity-tabs" role="tablist" aria-label={tx('list.status')}>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            className={`admin-btn${s === status ? ' admin-btn-primary' : ''}`}
            onClick={() => list.setFilter('status', s)}
          >
            {tx(`status.${s}`)}
          </button>
        ))}
      </div>
      <DataTable columns={columns} {...pagedRows(list, result)} emptyText={tx('list.empty')} />
    </AdminLayout>
  );
}

import type { AuditEntry } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, adminKeys } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';

const lines = columnHelper<AuditEntry>();
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** /admin/audit: every admin write, newest first, with what it changed. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams({ limit: 20 });
  const result = useQuery({ queryKey: adminKeys.audit(list.query), queryFn: () => adminApi.audit(list.query), placeholderData: keepPreviousData });
  const columns = useMemo(
    () => [
      lines.accessor('at', { header: t('audit.at'), cell: (c) => new Date(c.getValue()).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }) }),
      lines.accessor((row) => row.actor.username, { id: 'actor', header: t('audit.actor') }),
      lines.accessor('action', { header: t('audit.action'), cell: (c) => <code>{c.getValue()}</code> }),
      lines.accessor('resource', { header: t('audit.resource'), cell: (c) => <code>{c.getValue()}</code> }),
      lines.accessor('reason', { header: t('audit.reason'), cell: (c) => c.getValue() ?? '—' }),
      lines.display({
        id: 'change',
        header: t('audit.change'),
        cell: (c) => (
          <details className="admin-change">
            <summary>{t('audit.show')}</summary>
            <div className="admin-change-grid">
              <pre>{json(c.row.original.before)}</pre>
              <pre>{json(c.row.original.after)}</pre>
            </div>
          </details>
        ),
      }),
      lines.accessor('ip', { header: t('audit.ip') }),
    ],
    [t, i18n.language],
  );
  return (
    <AdminLayout title={t('audit.title')}>
      <DataTable
        columns={columns}
        {...pagedRows(list, result)}
        emptyText={t('audit.empty')}
      />
    </AdminLayout>
  );
}

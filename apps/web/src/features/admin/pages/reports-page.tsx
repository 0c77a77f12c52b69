import type { AdminReport, AdminReportPage, ReportResolved } from '@durak/protocol';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withAuditReason } from '../../../net/audit-reason';
import { http } from '../../../net/http';
import type { ListQuery } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { queryKeys } from '../../../net/query-keys';

const reportsApi = (query: ListQuery) => http.get<AdminReportPage>('/admin/reports', { params: query }).then((r) => r.data);
/** FEATURES.md §17: an admin resolves a report, with a reason kept in the audit log. */
const resolveReport = (id: number, reason: string) =>
  http.post<ReportResolved>(`/admin/reports/${id}/resolve`, undefined, withAuditReason(reason)).then((r) => r.data);
const lines = columnHelper<AdminReport>();
const fixedReasons = new Set(['insults', 'spam', 'cheating', 'other']);

/** /admin/reports: the players' reports from the table chat, newest first, each with that table's messages. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('admin');
  const game = useTranslation('game');
  const { t: nt } = useTranslation('newcomer');
  const queryClient = useQueryClient();
  const [resolving, setResolving] = useState<AdminReport | null>(null);
  const list = useListParams({ limit: 20 });
  const result = useQuery({
    queryKey: queryKeys.admin.reports(list.query),
    queryFn: () => reportsApi(list.query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const when = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
    const said = (m: AdminReport['messages'][number]) =>
      m.phrase_id !== undefined ? game.t(`tableChat.phrases.${m.phrase_id}`) : (m.text ?? '');
    return [
      lines.accessor('created_at', { header: t('reportsPage.at'), cell: (c) => when(c.getValue()) }),
      lines.accessor('room_id', { header: t('reportsPage.room'), cell: (c) => `#${c.getValue()}` }),
      lines.accessor((row) => row.reporter.username, { id: 'reporter', header: t('reportsPage.reporter') }),
      lines.accessor((row) => row.reported.username, {
        id: 'reported',
        header: t('reportsPage.reported'),
        cell: (c) => <Link to={`/admin/user/${c.row.original.reported.user_id}`}>{c.getValue()}</Link>,
      }),
      lines.accessor('reason', {
        header: t('reportsPage.reason'),
        cell: (c) => (fixedReasons.has(c.getValue()) ? t(`reportsPage.reasons.${c.getValue()}`) : c.getValue()),
      }),
      lines.display({
        id: 'messages',
        header: t('reportsPage.messages'),
        cell: (c) => {
          const { messages, reported } = c.row.original;
          if (messages.length === 0) return t('reportsPage.no_messages');
          return (
            <details className="admin-change" data-testid="report-messages">
              <summary>{t('reportsPage.show', { count: messages.length })}</summary>
              <ol className="admin-report-chat">
                {messages.map((m) => (
                  <li key={m.id} className={m.from.user_id === reported.user_id ? 'admin-report-reported' : undefined}>
                    <time dateTime={m.at}>{new Date(m.at).toLocaleTimeString(i18n.language)}</time> <b>{m.from.username}</b>: {said(m)}
                  </li>
                ))}
              </ol>
            </details>
          );
        },
      }),
      lines.display({
        id: 'status',
        header: nt('reports.status'),
        cell: (c) => {
          const report = c.row.original;
          if (report.status === 'resolved')
            return (
              <span data-testid="report-resolved" title={report.resolved_at ? when(report.resolved_at) : undefined}>
                {nt('reports.resolved')}
                {report.resolved_by ? ` · ${nt('reports.resolved_by', { name: report.resolved_by.username })}` : ''}
              </span>
            );
          return (
            <button type="button" className="btn btn-ghost" data-testid="report-resolve" onClick={() => setResolving(report)}>
              {nt('reports.resolve')}
            </button>
          );
        },
      }),
    ];
  }, [t, i18n.language, game, nt]);
  return (
    <AdminLayout title={t('reportsPage.title')}>
      <DataTable columns={columns} {...pagedRows(list, result)} emptyText={t('reportsPage.empty')} />
      <ConfirmDialog
        isOpen={resolving !== null}
        title={nt('reports.resolve_title')}
        confirmLabel={nt('reports.resolve')}
        onClose={() => setResolving(null)}
        onConfirm={async (reason) => {
          if (!resolving) return;
          await resolveReport(resolving.id, reason);
          await queryClient.invalidateQueries({ queryKey: queryKeys.admin.reports(list.query).slice(0, 2) });
        }}
      >
        <p>{nt('reports.resolve_text', { name: resolving?.reported.username ?? '' })}</p>
      </ConfirmDialog>
    </AdminLayout>
  );
}

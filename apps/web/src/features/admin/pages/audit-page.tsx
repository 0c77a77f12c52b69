import type { AuditEntry } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { queryKeys } from '../../../net/query-keys';

const lines = columnHelper<AuditEntry>();
/** The actions the server writes (FEATURES.md §9), grouped by area for the filter. */
export const AUDIT_ACTIONS = {
  banner: ['banner.create', 'banner.update', 'banner.delete', 'banner.reorder'],
  tournament: ['tournament.create', 'tournament.pin', 'tournament.pause', 'tournament.continue', 'tournament.delete'],
  promocode: ['promocode.create', 'promocode.disable', 'promocode.enable'],
  user: ['user.update', 'user.adjust', 'user.ban', 'user.unban'],
} as const;
const actionKey = (action: string) => `operator.action.${action.replace('.', '_')}`;
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** /admin/audit: every admin write, newest first, with what it changed. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams({ limit: 20, filters: ['actor', 'action', 'resource'] });
  const result = useQuery({
    queryKey: queryKeys.admin.audit(list.query),
    queryFn: () => adminApi.audit(list.query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      lines.accessor('at', {
        header: t('audit.at'),
        cell: (c) => new Date(c.getValue()).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }),
      }),
      lines.accessor((row) => row.actor.username, { id: 'actor', header: t('audit.actor') }),
      lines.accessor('action', { header: t('audit.action'), cell: (c) => t(actionKey(c.getValue()), { defaultValue: c.getValue() }) }),
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
      <AuditFilters list={list} />
      <DataTable columns={columns} {...pagedRows(list, result)} emptyText={t('audit.empty')} />
    </AdminLayout>
  );
}

/** Actor and resource apply on submit (each change is a server query); the action applies at once. */
function AuditFilters({ list }: { list: ReturnType<typeof useListParams> }) {
  const { t } = useTranslation('admin');
  const [actor, setActor] = useState(String(list.query.actor ?? ''));
  const [resource, setResource] = useState(String(list.query.resource ?? ''));
  useEffect(() => setActor(String(list.query.actor ?? '')), [list.query.actor]);
  useEffect(() => setResource(String(list.query.resource ?? '')), [list.query.resource]);
  return (
    <form
      className="admin-inline-form admin-promo-form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        list.setFilter('actor', actor.trim());
        list.setFilter('resource', resource.trim().toLowerCase());
      }}
    >
      <label className="admin-field">
        <span>{t('operator.auditFilter.actor')}</span>
        <input
          value={actor}
          maxLength={64}
          placeholder={t('operator.auditFilter.actor_hint')}
          data-testid="audit-actor"
          onChange={(e) => setActor(e.target.value)}
        />
      </label>
      <label className="admin-field">
        <span>{t('operator.auditFilter.action')}</span>
        <select
          value={String(list.query.action ?? '')}
          data-testid="audit-action"
          onChange={(e) => list.setFilter('action', e.target.value)}
        >
          <option value="">{t('operator.auditFilter.any')}</option>
          {Object.entries(AUDIT_ACTIONS).map(([area, actions]) => (
            <optgroup key={area} label={t(`operator.area.${area}`)}>
              <option value={area}>{t('operator.auditFilter.every', { area: t(`operator.area.${area}`) })}</option>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {t(actionKey(action))}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span>{t('operator.auditFilter.resource')}</span>
        <input
          value={resource}
          maxLength={40}
          placeholder="tournament:12"
          data-testid="audit-resource"
          onChange={(e) => setResource(e.target.value)}
        />
      </label>
      <button type="submit" className="btn admin-btn">
        {t('filter.apply')}
      </button>
    </form>
  );
}

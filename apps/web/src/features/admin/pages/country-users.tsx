import type { AdminUserFound } from '@durak/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../admin-api';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { queryKeys } from '../../../net/query-keys';

const users = columnHelper<AdminUserFound>();

/**
 * Users found by the search box or a country row (`GET /api/admin/users`), paged on the server
 * with their own page keys (`c_page`) beside the countries'.
 */
export function FoundUsers({ search, country }: { search?: string | undefined; country?: string | undefined }) {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams({ prefix: 'c', limit: 20 });
  const query = { ...list.query, ...(search ? { search } : {}), ...(country ? { country } : {}) };
  const result = useQuery({
    queryKey: queryKeys.admin.userSearch(query),
    queryFn: () => adminApi.searchUsers(query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      users.accessor('id', { header: 'ID' }),
      users.accessor('username', {
        header: t('user.username'),
        cell: (c) => <Link to={`/admin/user/${c.row.original.id}`}>{c.getValue()}</Link>,
      }),
      users.accessor('country', { header: t('home.country'), cell: (c) => c.getValue() ?? t('home.no_country') }),
      users.accessor('roles', {
        header: t('user.roles'),
        cell: (c) =>
          c
            .getValue()
            .map((r) => t(`role.${r}`))
            .join(', '),
      }),
      users.accessor('created_at', { header: t('user.joined'), cell: (c) => new Date(c.getValue()).toLocaleDateString(i18n.language) }),
    ],
    [t, i18n.language],
  );
  const title = search
    ? t('operator.search.results', { text: search })
    : country === 'none'
      ? t('home.no_country')
      : t('home.country_users', { country });
  return (
    <section data-testid="found-users">
      <h2 className="admin-subtitle">{title}</h2>
      <DataTable columns={columns} {...pagedRows(list, result)} emptyText={t('operator.search.empty')} />
    </section>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../../net/http';
import type { Page } from '../admin-api';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';

interface CountryUser {
  id: number;
  username: string;
  roles: string[];
  created_at: string;
}
const users = columnHelper<CountryUser>();

/** One country's users, paged on the server; its own page keys (`c_page`) beside the countries'. */
export function CountryUsers({ country }: { country: string }) {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams({ prefix: 'c', limit: 20 });
  const result = useQuery({
    queryKey: ['admin', 'country-users', country, list.query],
    queryFn: () => http.get<Page<CountryUser>>(`/admin/info/admin/users/country/${country}`, { params: list.query }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      users.accessor('id', { header: 'ID' }),
      users.accessor('username', { header: t('user.username'), cell: (c) => <Link to={`/admin/user/${c.row.original.id}`}>{c.getValue()}</Link> }),
      users.accessor('roles', { header: t('user.roles'), cell: (c) => c.getValue().map((r) => t(`role.${r}`)).join(', ') }),
      users.accessor('created_at', { header: t('user.joined'), cell: (c) => new Date(c.getValue()).toLocaleDateString(i18n.language) }),
    ],
    [t, i18n.language],
  );
  return (
    <section>
      <h2 className="admin-subtitle">{t('home.country_users', { country })}</h2>
      <DataTable
        columns={columns}
        {...pagedRows(list, result)}
        emptyText={t('state.empty')}
      />
    </section>
  );
}

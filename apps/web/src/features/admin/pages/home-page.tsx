import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { permissionsQuery } from '../../../net/query-client';
import { useUser } from '../../../net/user-query';
import type { CountryCount } from '@durak/protocol';
import { adminApi } from '../admin-api';
import { AdminLayout, Figure } from '../ui/admin-layout';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { AgentFiguresView } from './agent-figures';
import { FilterBar } from '../ui/filter-bar';
import { FoundUsers } from './country-users';
import { queryKeys } from '../../../net/query-keys';

const countries = columnHelper<CountryCount>();

/** /admin: an operator's figures (users by country); an agent's own figures. */
export default function HomePage() {
  const { t } = useTranslation('admin');
  const permissions = useQuery(permissionsQuery).data?.permissions ?? [];
  const me = useUser();
  const isOperator = permissions.includes('admin.users.read');
  return (
    <AdminLayout title={t('home.title')}>{isOperator ? <OperatorFigures /> : me ? <AgentFiguresView id={me.id} /> : null}</AdminLayout>
  );
}

function OperatorFigures() {
  const { t } = useTranslation('admin');
  const list = useListParams({ limit: 20 });
  const [params, setParams] = useSearchParams();
  const country = params.get('country');
  const search = params.get('search') ?? '';
  // A new search or country starts the found users at their first page.
  const show = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('c_page');
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  const result = useQuery({
    queryKey: queryKeys.admin.usersByCountry(list.query),
    queryFn: () => adminApi.usersByCountry(list.query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      countries.accessor('country', {
        header: t('home.country'),
        // Every row opens its users, the one without a country too.
        cell: (c) => <Link to={`?country=${c.getValue() ?? 'none'}`}>{c.getValue() ?? t('home.no_country')}</Link>,
      }),
      countries.accessor('count', { header: t('home.users') }),
    ],
    [t],
  );
  const isCountryShown = country !== null && /^([A-Za-z]{2}|none)$/.test(country);
  return (
    <>
      <div className="admin-user-search">
        <FilterBar
          search={search}
          onSearch={(text) => show({ search: text, country: '' })}
          placeholder={t('operator.search.placeholder')}
        />
      </div>
      {search ? <FoundUsers search={search} /> : null}
      <div className="admin-figures">
        <Figure label={t('home.countries')} value={result.data?.total ?? '…'} />
        <Figure label={t('home.users')} value={result.data?.users ?? '…'} />
      </div>
      <h2 className="admin-subtitle">{t('home.by_country')}</h2>
      <DataTable columns={columns} {...pagedRows(list, result, (row) => row.country ?? '-')} emptyText={t('state.empty')} />
      {!search && isCountryShown ? <FoundUsers country={country === 'none' ? 'none' : country.toUpperCase()} /> : null}
    </>
  );
}

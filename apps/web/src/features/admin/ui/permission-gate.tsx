import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { permissionsQuery } from '../../../net/query-client';
import { Spinner } from '../../../ui/spinner';

/**
 * Shows its children only to a caller holding one of `anyOf` (from GET /api/permission/me);
 * anyone else gets a plain "no access" page. This only hides: the server refuses the calls.
 */
export function PermissionGate({ anyOf, children }: { anyOf: readonly string[]; children: ReactNode }) {
  const permissions = useQuery(permissionsQuery);
  if (permissions.isPending) return <Spinner isPage />;
  const granted = permissions.data?.permissions ?? [];
  if (permissions.isError || !anyOf.some((p) => granted.includes(p))) return <NoAccess />;
  return <>{children}</>;
}

export function NoAccess() {
  const { t } = useTranslation('admin');
  return (
    <main className="standalone-page">
      <section className="panel admin-no-access" data-testid="no-access">
        <div className="admin-no-access-mark" aria-hidden="true">
          ♠
        </div>
        <h1>{t('no_access.title')}</h1>
        <p>{t('no_access.text')}</p>
        <Link className="btn btn-gold" to="/">
          {t('no_access.home')}
        </Link>
      </section>
    </main>
  );
}

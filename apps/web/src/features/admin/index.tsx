import { useQuery } from '@tanstack/react-query';
import { permissionsQuery } from '../../net/query-client';
import { ComingSoon } from '../../ui/coming-soon';
import { Spinner } from '../../ui/spinner';
import { canEnterAdmin } from './access';

/** The admin area (/admin and its sub-pages), behind the permission guard. */
export default function AdminArea() {
  const permissions = useQuery(permissionsQuery);
  if (permissions.isPending) return <Spinner isPage />;
  if (permissions.isError || !canEnterAdmin(permissions.data.permissions)) return <ComingSoon titleKey="screens.no_access" isStandalone />;
  return <ComingSoon titleKey="screens.admin" isStandalone />;
}

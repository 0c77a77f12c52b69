import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { permissionsQuery } from '../../net/query-client';
import { ComingSoon } from '../../ui/coming-soon';
import { Spinner } from '../../ui/spinner';
import { canEnterAdmin, canManageTournaments } from './access';
import type { AdminScreen } from './screens';

// The tournament pages load only when an admin opens them.
const TOURNAMENT_PAGES = {
  tournaments: lazy(() => import('../tournament/admin-pages').then((m) => ({ default: m.AdminTournamentsPage }))),
  tournament: lazy(() => import('../tournament/admin-pages').then((m) => ({ default: m.AdminTournamentPage }))),
};

/** The admin area (/admin and its sub-pages), behind the permission guard. */
export default function AdminArea({ screen }: { screen: AdminScreen }) {
  const permissions = useQuery(permissionsQuery);
  if (permissions.isPending) return <Spinner isPage />;
  if (permissions.isError || !canEnterAdmin(permissions.data.permissions)) return <ComingSoon titleKey="screens.no_access" isStandalone />;
  if (screen === 'tournaments' || screen === 'tournament') {
    const Page = TOURNAMENT_PAGES[screen];
    return canManageTournaments(permissions.data.permissions) ? <Page /> : <ComingSoon titleKey="screens.no_access" isStandalone />;
  }
  return (
    // No box of its own, so the standalone page still fills the screen.
    <div style={{ display: 'contents' }} data-admin-screen={screen}>
      <ComingSoon titleKey="screens.admin" isStandalone />
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/spinner';
import { SCREEN_PERMISSIONS } from './access';
import AgentPage from './pages/agent-page';
import AgentsPage from './pages/agents-page';
import AuditPage from './pages/audit-page';
import ReportsPage from './pages/reports-page';
import BannerPage from './pages/banner-page';
import BannersPage from './pages/banners-page';
import HomePage from './pages/home-page';
import PromoCodesPage from './pages/promo-codes-page';
import UserPage from './pages/user-page';
import IntegrityCasePage from './integrity/case-page';
import IntegrityCasesPage from './integrity/cases-page';
import type { AdminScreen } from './screens';
import { AdminLayout } from './ui/admin-layout';
import { PermissionGate } from './ui/permission-gate';
import './admin.css';

// The tournament pages load only when an admin opens them (their own chunk and namespace).
const TournamentsPage = lazy(() => import('../tournament/admin-pages').then((m) => ({ default: m.AdminTournamentsPage })));
const TournamentPage = lazy(() => import('../tournament/admin-pages').then((m) => ({ default: m.AdminTournamentPage })));

/**
 * The admin area (/admin and its sub-pages): one lazily loaded chunk with its own strings
 * (namespace `admin`), so players download neither. Each screen opens only with its permission.
 */
export default function AdminArea({ screen }: { screen: AdminScreen }) {
  const { ready } = useTranslation('admin');
  if (!ready) return <Spinner isPage />;
  return (
    <PermissionGate anyOf={SCREEN_PERMISSIONS[screen]}>
      <Screen screen={screen} />
    </PermissionGate>
  );
}

function Screen({ screen }: { screen: AdminScreen }) {
  const { t } = useTranslation('admin');
  switch (screen) {
    case 'home':
      return <HomePage />;
    case 'agents':
      return <AgentsPage />;
    case 'agent':
      return <AgentPage />;
    case 'banners':
      return <BannersPage />;
    case 'banner':
      return <BannerPage isNew={false} />;
    case 'banner_create':
      return <BannerPage isNew />;
    case 'audit':
      return <AuditPage />;
    case 'reports':
      return <ReportsPage />;
    case 'user':
      return <UserPage />;
    case 'promocodes':
      return <PromoCodesPage />;
    case 'integrity':
      return <IntegrityCasesPage />;
    case 'integrity_case':
      return <IntegrityCasePage />;
    case 'tournaments':
    case 'tournament':
      return (
        <AdminLayout title={t('nav.tournaments')}>
          <Suspense fallback={<Spinner />}>{screen === 'tournaments' ? <TournamentsPage /> : <TournamentPage />}</Suspense>
        </AdminLayout>
      );
  }
}

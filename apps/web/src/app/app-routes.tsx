import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ADMIN_SCREENS, type AdminScreen } from '../features/admin/screens';
import { StartScreen } from '../features/start/start-screen';
import { useUserStore } from '../state/user-store';
import { Spinner } from '../ui/spinner';
import { isAuthPath } from './paths';

// Every page is its feature folder's default export, loaded on first visit (SPEC §2).
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegistrationPage = lazy(() => import('../features/auth/registration-page'));
const MainPage = lazy(() => import('../features/main/main-page'));
const GamesPage = lazy(() => import('../features/games'));
const TablePage = lazy(() => import('../features/table'));
const TournamentPage = lazy(() => import('../features/tournament'));
const BanditPage = lazy(() => import('../features/bandit'));
const AdminPage = lazy(() => import('../features/admin'));

function SignedIn() {
  return (
    <Routes>
      <Route path="/" element={<MainPage />} />
      <Route path="/store" element={<MainPage />} />
      <Route path="/friends" element={<MainPage />} />
      <Route path="/menu" element={<MainPage />} />
      <Route path="/career" element={<MainPage />} />
      <Route path="/games" element={<GamesPage />} />
      <Route path="/durak/:id" element={<TablePage />} />
      <Route path="/tournament/:id" element={<TournamentPage />} />
      <Route path="/bandit" element={<BanditPage />} />
      {(Object.entries(ADMIN_SCREENS) as [AdminScreen, string][]).map(([screen, path]) => (
        <Route key={screen} path={path} element={<AdminPage screen={screen} />} />
      ))}
      {/* Only SPEC §2's paths are pages: anything else, /admin/foo included, goes home. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/**
 * SPEC §2 access rules: login and registration show without a user; everything else waits on
 * the start screen until the user is loaded; a signed-out user is sent to login.
 */
export function AppRoutes() {
  const location = useLocation();
  const user = useUserStore((s) => s.user);
  const isSignedOut = useUserStore((s) => s.isSignedOut);

  if (isAuthPath(location.pathname)) {
    return (
      <Suspense fallback={<Spinner isPage />}>
        <Routes>
          <Route path="/auth/login" element={<LoginPage />} />
          <Route path="/auth/registration" element={<RegistrationPage />} />
        </Routes>
      </Suspense>
    );
  }
  if (!user) {
    if (isSignedOut) return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
    return <StartScreen />;
  }
  return (
    <Suspense fallback={<Spinner isPage />}>
      <SignedIn />
    </Suspense>
  );
}

import { lazy, Suspense, useDeferredValue } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ADMIN_SCREENS, type AdminScreen } from '../features/admin/screens';
import { useReplayFromStart } from '../features/replay/replay-start';
import { StartScreen } from '../features/start/start-screen';
import { useUser } from '../net/user-query';
import { useSessionStore } from '../state/session-store';
import { Spinner } from '../ui/spinner';
import { hasSession, isSessionExpired } from '../net/session';
import { afterSignInPath, isAuthPath } from '../routes/paths';
import { PAGE_MODULES } from './route-modules';

// Every page is its feature folder's default export, loaded on first visit (SPEC §2).
const LoginPage = lazy(PAGE_MODULES.login);
const RegistrationPage = lazy(PAGE_MODULES.registration);
const MainPage = lazy(PAGE_MODULES.main);
const GamesPage = lazy(PAGE_MODULES.games);
const TablePage = lazy(PAGE_MODULES.table);
const TournamentPage = lazy(PAGE_MODULES.tournament);
const BanditPage = lazy(PAGE_MODULES.bandit);
const AdminPage = lazy(PAGE_MODULES.admin);
const ReplayPage = lazy(PAGE_MODULES.replay);
const ResponsiblePage = lazy(PAGE_MODULES.responsible);

function SignedIn() {
  useReplayFromStart();
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
      <Route path="/replay/:id" element={<ReplayPage />} />
      <Route path="/responsible-play" element={<ResponsiblePage />} />
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
  const liveUser = useUser();
  // The signed-in pages mount in a deferred render, which React splits into short slices, so the
  // switch from the start screen holds no long task (Lighthouse's blocking time on a slow phone).
  // A sign-out (or a changed user) takes effect at once.
  const deferredUser = useDeferredValue(liveUser);
  const user = liveUser && deferredUser ? liveUser : null;
  const isSignedOut = useSessionStore((s) => s.isSignedOut);

  if (isAuthPath(location.pathname)) {
    // FEATURES §6: a signed-in visitor of login or registration goes home (or where a sign-in
    // would have led, so this and the sign-in's own navigation agree).
    if (user || (hasSession() && !isSessionExpired())) return <Navigate to={afterSignInPath(location.state)} replace />;
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

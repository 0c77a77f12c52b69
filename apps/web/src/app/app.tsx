import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { ensureMiniApp, isMiniApp, miniAppAuthPayload } from '../device/telegram';
import { api } from '../net/api';
import { setSessionHooks } from '../net/http';
import { watchSessionExpiry } from '../net/session-watch';
import { signOut } from '../state/session-store';
import { AppRoutes } from './app-routes';
import { FriendsLive } from '../features/friends/friends-live';
import { MiniAppBridge } from './mini-app-bridge';
import { RealtimeLink } from './realtime-link';
import { ReferralToast } from '../features/first-taps/referral-toast';
import { TournamentSeatToast } from '../features/first-taps/seat-toast';
import { ResponsiblePlayWatch } from '../features/responsible-play/responsible-watch';

/** Connects the HTTP client's session events to the router and the session. */
function SessionHooks() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => watchSessionExpiry(), []);
  useEffect(() => {
    setSessionHooks({
      isMiniApp,
      reauthenticate: async () => {
        await ensureMiniApp();
        return api.telegramAuth(miniAppAuthPayload());
      },
      onSignedOut: () => {
        signOut(queryClient);
        if (!location.pathname.startsWith('/auth/')) navigate('/auth/login', { replace: true });
      },
    });
  }, [navigate, queryClient]);
  return null;
}

/** The app around the page's one query client, which main.tsx made early to start the first reads. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionHooks />
        <MiniAppBridge />
        <RealtimeLink />
        <FriendsLive />
        <TournamentSeatToast />
        <ReferralToast />
        <ResponsiblePlayWatch />
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

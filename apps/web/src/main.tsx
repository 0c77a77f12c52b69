import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installBrowserHooks } from './app/browser-hooks';
import { pageModuleOf, startPageModule } from './app/route-modules';
import { prefetchLobby } from './features/games/lobby-query';
import { i18next, initI18n } from './i18n/i18n';
import { flagsQuery } from './net/flags';
import { createQueryClient } from './net/query-client';
import { refreshToken } from './net/session';
import './styles.css';
import './ui/host-theme.css';

installBrowserHooks();
const queryClient = createQueryClient();
// SPEC §9: the feature flags, read once at start beside the texts (never blocking the first screen).
void queryClient.prefetchQuery(flagsQuery);
// The opened page's code downloads beside the texts rather than after them (FEATURES §6).
const namespaces = startPageModule(location.pathname, refreshToken() !== undefined);
// The lobby's rooms are asked for with the first paint, not after its chunk and the realtime (§17).
if (pageModuleOf(location.pathname) === 'games' && refreshToken() !== undefined) prefetchLobby(queryClient);
// The first screen needs its texts; i18next settles even when a language file fails to load.
void initI18n().finally(() => {
  // A page's own namespace (the lobby's and the table's `game`) is fetched while it renders.
  if (namespaces.length > 0) void i18next.loadNamespaces([...namespaces]);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task (Lighthouse's blocking time on a slow phone).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});

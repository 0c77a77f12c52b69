/**
 * Every page's module loader (SPEC §2: a page is its feature folder's default export, loaded on
 * first visit). The router's lazy pages and the early start below share them, so a page's
 * JavaScript is fetched once.
 */
export const PAGE_MODULES = {
  login: () => import('../features/auth/login-page'),
  registration: () => import('../features/auth/registration-page'),
  main: () => import('../features/main/main-page'),
  games: () => import('../features/games'),
  table: () => import('../features/table'),
  tournament: () => import('../features/tournament'),
  bandit: () => import('../features/bandit'),
  admin: () => import('../features/admin'),
  replay: () => import('../features/replay'),
  responsible: () => import('../features/responsible-play'),
} as const;
export type PageModule = keyof typeof PAGE_MODULES;

/** The page module a path opens (the router's table, SPEC §2), if any. */
export function pageModuleOf(pathname: string): PageModule | undefined {
  const path = pathname.replace(/(.)\/$/, '$1');
  if (path === '/auth/login') return 'login';
  if (path === '/auth/registration') return 'registration';
  if (['/', '/store', '/friends', '/menu', '/career'].includes(path)) return 'main';
  if (path === '/games') return 'games';
  if (/^\/durak\/[^/]+$/.test(path)) return 'table';
  if (/^\/tournament\/[^/]+$/.test(path)) return 'tournament';
  if (/^\/replay\/[^/]+$/.test(path)) return 'replay';
  if (path === '/bandit') return 'bandit';
  if (path === '/responsible-play') return 'responsible';
  if (path.startsWith('/admin/')) return 'admin';
  return undefined;
}

/**
 * First load (FEATURES §6): starts downloading the opened page's code at once, beside the texts
 * and the user, instead of after them; the router's lazy page then finds it loaded or loading.
 * `hasSession`: a session cookie is there. Returns the module's namespaces the page will ask i18next for beyond `common`.
 */
export function startPageModule(pathname: string, hasSession: boolean): readonly string[] {
  const page = pageModuleOf(pathname);
  // Without a session every other page sends the visitor to login: its code would be wasted.
  if (!page || (!hasSession && page !== 'login' && page !== 'registration')) return [];
  void PAGE_MODULES[page]().catch(() => undefined); // the router retries and shows the failure
  if (page === 'replay') return ['game', 'replay'];
  return page === 'table' || page === 'games' ? ['game', 'rules'] : [];
}

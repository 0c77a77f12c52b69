/** SPEC §2: the five paths that show the main page, in tab-bar order. */
export const MAIN_TABS = ['/', '/store', '/friends', '/career', '/menu'] as const;
export type MainTab = (typeof MAIN_TABS)[number];

export function isMainTab(pathname: string): pathname is MainTab {
  return (MAIN_TABS as readonly string[]).includes(pathname);
}

export const AUTH_PATHS = ['/auth/login', '/auth/registration'] as const;
export function isAuthPath(pathname: string): boolean {
  return (AUTH_PATHS as readonly string[]).includes(pathname.replace(/\/$/, ''));
}

/** Where a sign-in leads: the page the visitor was sent away from (router state `from`), or home. */
export function afterSignInPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth/') ? from : '/';
}

/** A room's table page: the one place its URL is written (the router's `/durak/:id`). */
export function tablePath(roomId: number | string): string {
  return `/durak/${roomId}`;
}

/** The table's felt: the host's header and background take it on screens drawn on felt. */
export const FELT_COLOR = '#072a1c';

/** The host theme colours the frame follows (Telegram theme params; any may be missing). */
export interface HostColors {
  background?: string | undefined;
  secondaryBackground?: string | undefined;
  headerBackground?: string | undefined;
  bottomBarBackground?: string | undefined;
  text?: string | undefined;
}

/**
 * The host's own header, background and bottom bar. On felt (the table, the start and sign-in
 * screens) they take the felt so the frame is seamless; elsewhere the host's theme, matching
 * host-theme.css: the page on the secondary background, headers on the header colour.
 */
export function frameColors(colors: HostColors, isOnFelt: boolean): { header: string; background: string; bottomBar: string } {
  if (isOnFelt || !hasHostTheme(colors)) return { header: FELT_COLOR, background: FELT_COLOR, bottomBar: FELT_COLOR };
  const header = colors.headerBackground ?? colors.background!;
  return { header, background: colors.secondaryBackground ?? colors.background!, bottomBar: colors.bottomBarBackground ?? header };
}

/** A theme worth following: the host sent at least its background and text colours. */
export function hasHostTheme(colors: HostColors): boolean {
  return Boolean(colors.background && colors.text);
}

/**
 * Lets host-theme.css take over the frame: the class when the host sent a theme, and its light
 * or dark scheme (for form controls and scroll bars).
 */
export function markHostTheme(root: HTMLElement, colors: HostColors, isDark: boolean): void {
  root.classList.toggle('host-theme', hasHostTheme(colors));
  root.dataset.hostScheme = isDark ? 'dark' : 'light';
}

import type { TelegramAuthRequest } from '@durak/protocol';
import { frameColors, markHostTheme, type HostColors } from './host-theme';
import { parentFromStartParam } from './start-param';
import type { HapticSink } from './vibration';

// The SDK weighs more than the rest of the start route together, so it loads only inside the host.
type Sdk = typeof import('@telegram-apps/sdk-react');
let sdk: Sdk | null = null;
const DETECTED_KEY = 'durak/tma';
const VIEWPORT_WAIT_MS = 1500;

/**
 * Whether the page runs inside the Telegram host: its launch parameters in the URL, its native
 * bridge object, or an earlier detection in this tab (client-side navigation drops the hash).
 */
export function detectMiniApp(win: Window = window): boolean {
  const hasLaunchParams = /[#?&]tgWebApp(Data|Platform|Version)=/.test(win.location.hash + win.location.search);
  const hasBridge =
    'TelegramWebviewProxy' in win ||
    ('external' in win && typeof (win.external as { notify?: unknown } | undefined)?.notify === 'function');
  if (hasLaunchParams) win.sessionStorage.setItem(DETECTED_KEY, '1');
  return hasLaunchParams || hasBridge || win.sessionStorage.getItem(DETECTED_KEY) === '1';
}

let isInside: boolean | null = null;
export function isMiniApp(): boolean {
  isInside ??= typeof window !== 'undefined' && detectMiniApp();
  return isInside;
}

let setup: Promise<HapticSink> | null = null;
/** setupMiniApp() once; later callers share the same promise. */
export function ensureMiniApp(): Promise<HapticSink> {
  setup ??= setupMiniApp();
  return setup;
}

/**
 * Connects to the host: ready, expand, no vertical swipes (they close the app mid-game), the host
 * theme (followed by host-theme.css) and safe areas as CSS variables. Returns the host haptics
 * for the vibration module.
 */
async function setupMiniApp(): Promise<HapticSink> {
  sdk = await import('@telegram-apps/sdk-react');
  const s = sdk;
  s.init();
  s.backButton.mount.ifAvailable();
  s.swipeBehavior.mount.ifAvailable();
  s.swipeBehavior.disableVertical.ifAvailable();
  if (s.miniApp.mountSync.isAvailable()) {
    s.miniApp.mountSync();
    s.miniApp.bindCssVars.ifAvailable();
  }
  if (s.themeParams.mountSync.isAvailable()) {
    s.themeParams.mountSync();
    s.themeParams.bindCssVars.ifAvailable();
    const follow = () => {
      markHostTheme(document.documentElement, hostColors(), s.themeParams.isDark());
      paintFrame(isFramePaintedOnFelt);
    };
    follow();
    // The user may switch the host between light and dark while the app is open.
    s.themeParams.state.sub(follow);
  } else paintFrame(true);
  if (s.viewport.mount.isAvailable()) {
    // Some hosts never answer the viewport request; the game must start regardless.
    const mounted = s.viewport.mount().catch((error: unknown) => console.warn('viewport mount failed', error));
    await Promise.race([mounted, new Promise((resolve) => setTimeout(resolve, VIEWPORT_WAIT_MS))]);
    s.viewport.bindCssVars.ifAvailable();
  }
  s.viewport.expand.ifAvailable();
  s.miniApp.ready.ifAvailable();
  return (haptic) => {
    if (haptic.kind === 'impact') s.hapticFeedback.impactOccurred.ifAvailable(haptic.style);
    else s.hapticFeedback.notificationOccurred.ifAvailable(haptic.type);
  };
}

function hostColors(): HostColors {
  if (!sdk) return {};
  const theme = sdk.themeParams;
  return {
    background: theme.backgroundColor(),
    secondaryBackground: theme.secondaryBackgroundColor(),
    headerBackground: theme.headerBackgroundColor(),
    bottomBarBackground: theme.bottomBarBgColor(),
    text: theme.textColor(),
  };
}

// Until the app says otherwise the start screen is up, and it is drawn on felt.
let isFramePaintedOnFelt = true;

function paintFrame(isOnFelt: boolean): void {
  isFramePaintedOnFelt = isOnFelt;
  if (!sdk?.miniApp.isMounted()) return;
  const { miniApp } = sdk;
  const colors = frameColors(hostColors(), isOnFelt);
  // Hosts before 6.9 take only theme keys for the header, not a colour.
  if (miniApp.setHeaderColor.isAvailable() && miniApp.setHeaderColor.supports.rgb()) miniApp.setHeaderColor(colors.header as `#${string}`);
  miniApp.setBackgroundColor.ifAvailable(colors.background);
  miniApp.setBottomBarColor.ifAvailable(colors.bottomBar);
}

/**
 * The host's header, background and bottom bar: the felt behind the table (and the start and
 * sign-in screens), the host's own theme elsewhere.
 */
export function paintHostFrame(isOnFelt: boolean): void {
  if (isOnFelt !== isFramePaintedOnFelt) paintFrame(isOnFelt);
}

/** The signed host init data and the parent from the start parameter, for POST user/telegram/auth. */
export function miniAppAuthPayload(): TelegramAuthRequest {
  if (!sdk) throw new Error('setupMiniApp must run before miniAppAuthPayload');
  const initData = sdk.retrieveRawInitData() ?? '';
  const launch = sdk.retrieveLaunchParams();
  const parent = parentFromStartParam(launch.tgWebAppStartParam);
  return parent === undefined ? { init_data: initData } : { init_data: initData, parent };
}

/** The start parameter the mini-app was opened with (`startapp=`), if any; undefined outside the host. */
export function launchStartParam(): string | undefined {
  if (!sdk) return undefined;
  return sdk.retrieveLaunchParams().tgWebAppStartParam ?? undefined;
}

/** Shows the host's Back button away from the main tabs; returns the cleanup. */
export function wireBackButton(isVisible: boolean, goBack: () => void): () => void {
  if (!sdk) return () => undefined;
  const { backButton } = sdk;
  if (!isVisible) {
    backButton.hide.ifAvailable();
    return () => undefined;
  }
  backButton.show.ifAvailable();
  const [isWired, off] = backButton.onClick.ifAvailable(goBack);
  return () => {
    if (isWired) off?.();
  };
}

/** Telegram's own share dialog (the chat picker); false outside the host or on hosts without it. */
export function shareViaHost(url: string, text: string): boolean {
  if (!sdk?.shareURL.isAvailable()) return false;
  sdk.shareURL(url, text);
  return true;
}

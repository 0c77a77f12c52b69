import type { TokenPair } from '@durak/protocol';
import Cookies from 'js-cookie';

/** SPEC §4 and §9: the session lives in three cookies, each kept 7 days on path / with SameSite Lax. */
export const SESSION_COOKIES = { access: 'accessToken', refresh: 'refreshToken', expiry: 'authExp' } as const;
export const COOKIE_DAYS = 7;
/** The expiry marker: six days after sign-in the user signs in again (outside the mini-app). */
export const AUTH_EXPIRY_MS = 6 * 24 * 60 * 60 * 1000;

function cookieOptions(): Cookies.CookieAttributes {
  return { expires: COOKIE_DAYS, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' };
}

/** After a sign-in: both tokens and a fresh expiry marker. */
export function saveSession(tokens: TokenPair, now = Date.now()): void {
  updateTokens(tokens);
  Cookies.set(SESSION_COOKIES.expiry, String(now + AUTH_EXPIRY_MS), cookieOptions());
}

/** After a refresh: the rotated tokens; the expiry marker still counts from the sign-in. */
export function updateTokens(tokens: TokenPair): void {
  Cookies.set(SESSION_COOKIES.access, tokens.access_token, cookieOptions());
  Cookies.set(SESSION_COOKIES.refresh, tokens.refresh_token, cookieOptions());
}

export function clearSession(): void {
  for (const name of Object.values(SESSION_COOKIES)) Cookies.remove(name, { path: '/' });
}

export function accessToken(): string | undefined {
  return Cookies.get(SESSION_COOKIES.access) || undefined;
}

export function refreshToken(): string | undefined {
  return Cookies.get(SESSION_COOKIES.refresh) || undefined;
}

/** True when the expiry marker is missing, not a number, or in the past. */
export function isSessionExpired(now = Date.now()): boolean {
  const raw = Cookies.get(SESSION_COOKIES.expiry);
  if (!raw || !/^\d+$/.test(raw)) return true;
  return Number(raw) <= now;
}

export function hasSession(): boolean {
  return accessToken() !== undefined || refreshToken() !== undefined;
}

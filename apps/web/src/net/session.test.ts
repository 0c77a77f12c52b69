import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_EXPIRY_MS, accessToken, clearSession, isSessionExpired, refreshToken, saveSession, updateTokens } from './session';

afterEach(() => clearSession());

describe('session cookies', () => {
  it('stores both tokens and an expiry marker six days after sign-in', () => {
    saveSession({ access_token: 'a1', refresh_token: 'r1' }, 1_000);
    expect(accessToken()).toBe('a1');
    expect(refreshToken()).toBe('r1');
    expect(Cookies.get('authExp')).toBe(String(1_000 + AUTH_EXPIRY_MS));
    expect(isSessionExpired(1_000 + AUTH_EXPIRY_MS - 1)).toBe(false);
    expect(isSessionExpired(1_000 + AUTH_EXPIRY_MS)).toBe(true);
  });

  it('keeps the sign-in expiry when tokens are refreshed', () => {
    saveSession({ access_token: 'a1', refresh_token: 'r1' }, 5_000);
    updateTokens({ access_token: 'a2', refresh_token: 'r2' });
    expect(accessToken()).toBe('a2');
    expect(Cookies.get('authExp')).toBe(String(5_000 + AUTH_EXPIRY_MS));
  });

  it('treats a missing or invalid marker as expired', () => {
    expect(isSessionExpired()).toBe(true);
    Cookies.set('authExp', 'tomorrow');
    expect(isSessionExpired()).toBe(true);
  });

  it('clears everything', () => {
    saveSession({ access_token: 'a', refresh_token: 'r' });
    clearSession();
    expect(accessToken()).toBeUndefined();
    expect(Cookies.get('authExp')).toBeUndefined();
  });
});

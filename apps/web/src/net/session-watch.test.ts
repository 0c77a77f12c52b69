import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionHooks } from './http';
import { AUTH_EXPIRY_MS, accessToken, clearSession, refreshToken, saveSession } from './session';
import { watchSessionExpiry } from './session-watch';

let visibility: DocumentVisibilityState = 'hidden';
let stop: () => void = () => undefined;
beforeEach(() => {
  visibility = 'hidden';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  stop = watchSessionExpiry(document);
});
afterEach(() => {
  stop();
  clearSession();
});

const sixDaysAndAMinuteAgo = () => Date.now() - AUTH_EXPIRY_MS - 60_000;

function showPage() {
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('coming back to the app after the session marker passed', () => {
  it('outside the mini-app clears the tokens and goes to login', () => {
    const onSignedOut = vi.fn();
    setSessionHooks({ isMiniApp: () => false, reauthenticate: vi.fn(), onSignedOut });
    saveSession({ access_token: 'A', refresh_token: 'R' }, sixDaysAndAMinuteAgo());
    showPage();
    expect(accessToken()).toBeUndefined();
    expect(refreshToken()).toBeUndefined();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('does nothing while the page stays hidden, nor for a session still within its six days', () => {
    const onSignedOut = vi.fn();
    setSessionHooks({ isMiniApp: () => false, reauthenticate: vi.fn(), onSignedOut });
    saveSession({ access_token: 'A', refresh_token: 'R' }, sixDaysAndAMinuteAgo());
    document.dispatchEvent(new Event('visibilitychange'));
    expect(accessToken()).toBe('A');
    saveSession({ access_token: 'B', refresh_token: 'R' });
    showPage();
    expect(accessToken()).toBe('B');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('inside the mini-app keeps the tokens and stays put (SPEC §4: no redirect there)', () => {
    const onSignedOut = vi.fn();
    setSessionHooks({ isMiniApp: () => true, reauthenticate: vi.fn(), onSignedOut });
    saveSession({ access_token: 'A', refresh_token: 'R' }, sixDaysAndAMinuteAgo());
    showPage();
    expect(accessToken()).toBe('A');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('stops watching once cleaned up', () => {
    const onSignedOut = vi.fn();
    setSessionHooks({ isMiniApp: () => false, reauthenticate: vi.fn(), onSignedOut });
    saveSession({ access_token: 'A', refresh_token: 'R' }, sixDaysAndAMinuteAgo());
    stop();
    showPage();
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});

import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { TokenPair } from '@durak/protocol';
import { accessToken, clearSession, hasSession, isSessionExpired, refreshToken, saveSession, updateTokens } from './session';

/** SPEC §9: every call gives up after 9 s. */
export const HTTP_TIMEOUT_MS = 9000;

/** What the HTTP client needs from the app around it. */
export interface SessionHooks {
  isMiniApp(): boolean;
  /** Inside the mini-app: sign in again with the host's init data. */
  reauthenticate(): Promise<TokenPair>;
  /** Outside it: the session is gone; show the login page. */
  onSignedOut(): void;
}

let hooks: SessionHooks = {
  isMiniApp: () => false,
  reauthenticate: () => Promise.reject(new Error('Not inside the mini-app')),
  onSignedOut: () => undefined,
};

export function setSessionHooks(next: SessionHooks): void {
  hooks = next;
}

type RetriableConfig = InternalAxiosRequestConfig & { isRetry?: boolean };

/** A call refused before it left: the six-day session marker has passed (SPEC §4). */
export class SessionExpiredError extends Error {
  readonly code = 'session/expired';
  constructor() {
    super('Session expired');
  }
}

/**
 * SPEC §4: outside the mini-app an expired or invalid marker ends the session: tokens cleared,
 * the login page. Returns whether it did. Inside the mini-app the host signs the user in again instead.
 */
export function endSessionIfExpired(now = Date.now()): boolean {
  if (hooks.isMiniApp() || !hasSession() || !isSessionExpired(now)) return false;
  clearSession();
  hooks.onSignedOut();
  return true;
}

// Calls that hand out tokens must never trigger a refresh themselves.
const TOKEN_CALLS = ['/user/login', '/user/registration', '/user/refresh', '/user/telegram/auth'];
const isTokenCall = (config: InternalAxiosRequestConfig) => TOKEN_CALLS.some((path) => config.url?.endsWith(path));

export function createHttp(
  baseURL = '/api',
  adapter?: InternalAxiosRequestConfig['adapter'],
): { http: AxiosInstance; renewSession: () => Promise<string> } {
  const http = axios.create({ baseURL, timeout: HTTP_TIMEOUT_MS, ...(adapter ? { adapter } : {}) });
  let renewing: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    const token = refreshToken();
    if (!token) throw new Error('Refresh token is required');
    const { data } = await http.post<TokenPair>('/user/refresh', { refresh_token: token });
    updateTokens(data);
    return data.access_token;
  }

  /** Inside the mini-app: the host's init data signs the user in again; a refusal leaves no tokens behind (SPEC §8). */
  async function signInWithHost(): Promise<string> {
    try {
      const tokens = await hooks.reauthenticate();
      saveSession(tokens);
      return tokens.access_token;
    } catch (error) {
      clearSession();
      throw error;
    }
  }

  async function renew(): Promise<string> {
    try {
      return await refresh();
    } catch (error) {
      if (hooks.isMiniApp()) return signInWithHost();
      clearSession();
      hooks.onSignedOut();
      throw error;
    }
  }

  /** One renewal at a time: concurrent 401s (or expired markers) all wait for the same new token. */
  function once(run: () => Promise<string>): Promise<string> {
    renewing ??= run().finally(() => {
      renewing = null;
    });
    return renewing;
  }
  const renewSession = () => once(renew);

  http.interceptors.request.use(async (config) => {
    // The marker is checked before every call, not only at start-up: a tab left open for days
    // must not go on with a session that should have ended.
    if (!isTokenCall(config) && hasSession() && isSessionExpired()) {
      if (endSessionIfExpired()) throw new SessionExpiredError();
      if (hooks.isMiniApp()) await once(signInWithHost);
    }
    const token = accessToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (axios.isCancel(error)) throw new Error('Query was cancelled');
    if (!(error instanceof AxiosError) || !error.config) throw error;
    const config = error.config as RetriableConfig;
    const status = error.response?.status;
    if ((status !== 401 && status !== 403) || config.isRetry || isTokenCall(config)) throw error;
    let token: string;
    try {
      token = await renewSession();
    } catch {
      // SPEC §8: the refresh failed; tokens are cleared and the original error is passed on.
      throw error;
    }
    config.isRetry = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return http.request(config);
  });

  return { http, renewSession };
}

const client = createHttp();
/** The app's one HTTP client: base /api, bearer token, one refresh and retry on 401/403. */
export const http = client.http;
/** Gets a new access token (refresh, or mini-app re-auth); used by the realtime client too. */
export const renewSession = client.renewSession;

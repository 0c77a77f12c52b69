import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { accessToken, clearSession, refreshToken, saveSession, updateTokens, type Tokens } from './session';

/** SPEC §9: every call gives up after 9 s. */
export const HTTP_TIMEOUT_MS = 9000;

/** What the HTTP client needs from the app around it. */
export interface SessionHooks {
  isMiniApp(): boolean;
  /** Inside the mini-app: sign in again with the host's init data. */
  reauthenticate(): Promise<Tokens>;
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

// Calls that hand out tokens must never trigger a refresh themselves.
const TOKEN_CALLS = ['/user/login', '/user/registration', '/user/refresh', '/user/telegram/auth'];

export function createHttp(baseURL = '/api', adapter?: InternalAxiosRequestConfig['adapter']): { http: AxiosInstance; renewSession: () => Promise<string> } {
  const http = axios.create({ baseURL, timeout: HTTP_TIMEOUT_MS, ...(adapter ? { adapter } : {}) });
  let renewing: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    const token = refreshToken();
    if (!token) throw new Error('Refresh token is required');
    const { data } = await http.post<Tokens>('/user/refresh', { refresh_token: token });
    updateTokens(data);
    return data.access_token;
  }

  async function renew(): Promise<string> {
    try {
      return await refresh();
    } catch (error) {
      if (hooks.isMiniApp()) {
        const tokens = await hooks.reauthenticate();
        saveSession(tokens);
        return tokens.access_token;
      }
      clearSession();
      hooks.onSignedOut();
      throw error;
    }
  }

  /** One refresh at a time: concurrent 401s all wait for the same new token. */
  function renewSession(): Promise<string> {
    renewing ??= renew().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  http.interceptors.request.use((config) => {
    const token = accessToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (axios.isCancel(error)) throw new Error('Query was cancelled');
    if (!(error instanceof AxiosError) || !error.config) throw error;
    const config = error.config as RetriableConfig;
    const status = error.response?.status;
    const isTokenCall = TOKEN_CALLS.some((path) => config.url?.endsWith(path));
    if ((status !== 401 && status !== 403) || config.isRetry || isTokenCall) throw error;
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

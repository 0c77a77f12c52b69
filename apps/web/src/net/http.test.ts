import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp, SessionExpiredError, setSessionHooks } from './http';
import { AUTH_EXPIRY_MS, accessToken, clearSession, isSessionExpired, refreshToken, saveSession } from './session';

type Reply = { status: number; data?: unknown };
type Route = (config: InternalAxiosRequestConfig) => Reply;

/** A fake server: records each request and answers by path. */
function fakeServer(routes: Record<string, Route>) {
  const calls: Array<{ url: string; auth: string | undefined; body: unknown }> = [];
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    const auth = AxiosHeaders.from(config.headers).get('Authorization');
    calls.push({ url, auth: typeof auth === 'string' ? auth : undefined, body: config.data ? JSON.parse(String(config.data)) : undefined });
    const route = routes[url];
    const reply = route ? route(config) : { status: 404 };
    const response = { data: reply.data ?? {}, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', String(reply.status), config, {}, response);
    return response;
  };
  return { calls, adapter };
}

function hooks(overrides: Partial<Parameters<typeof setSessionHooks>[0]> = {}) {
  const value = { isMiniApp: () => false, reauthenticate: vi.fn(), onSignedOut: vi.fn(), ...overrides };
  setSessionHooks(value);
  return value;
}

const meWith =
  (token: string): Route =>
  (config) =>
    AxiosHeaders.from(config.headers).get('Authorization') === `Bearer ${token}` ? { status: 200, data: { id: 1 } } : { status: 401 };

afterEach(() => clearSession());

describe('HTTP client session handling', () => {
  it('sends the access token as a bearer header', async () => {
    hooks();
    saveSession({ access_token: 'A1', refresh_token: 'R1' });
    const server = fakeServer({ '/user/users/me': meWith('A1') });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/user/users/me')).resolves.toMatchObject({ data: { id: 1 } });
    expect(server.calls[0]?.auth).toBe('Bearer A1');
  });

  it('refreshes once on 401 and retries the call with the new token, unnoticed', async () => {
    hooks();
    saveSession({ access_token: 'OLD', refresh_token: 'R1' });
    const server = fakeServer({
      '/user/users/me': meWith('NEW'),
      '/user/refresh': () => ({ status: 200, data: { access_token: 'NEW', refresh_token: 'R2' } }),
    });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/user/users/me')).resolves.toMatchObject({ data: { id: 1 } });
    expect(server.calls.map((c) => c.url)).toEqual(['/user/users/me', '/user/refresh', '/user/users/me']);
    expect(server.calls[1]?.body).toEqual({ refresh_token: 'R1' });
    expect(accessToken()).toBe('NEW');
    expect(refreshToken()).toBe('R2');
  });

  it('shares one refresh among concurrent failing calls', async () => {
    hooks();
    saveSession({ access_token: 'OLD', refresh_token: 'R1' });
    const server = fakeServer({
      '/a': meWith('NEW'),
      '/b': meWith('NEW'),
      '/user/refresh': () => ({ status: 200, data: { access_token: 'NEW', refresh_token: 'R2' } }),
    });
    const { http } = createHttp('/api', server.adapter);
    await Promise.all([http.get('/a'), http.get('/b')]);
    expect(server.calls.filter((c) => c.url === '/user/refresh')).toHaveLength(1);
  });

  it('retries only once: a second 403 is passed on', async () => {
    hooks();
    saveSession({ access_token: 'OLD', refresh_token: 'R1' });
    const server = fakeServer({
      '/admin': () => ({ status: 403 }),
      '/user/refresh': () => ({ status: 200, data: { access_token: 'NEW', refresh_token: 'R2' } }),
    });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/admin')).rejects.toMatchObject({ response: { status: 403 } });
    expect(server.calls.map((c) => c.url)).toEqual(['/admin', '/user/refresh', '/admin']);
  });

  it('outside the mini-app a failed refresh clears the tokens and signs out', async () => {
    const h = hooks();
    saveSession({ access_token: 'OLD', refresh_token: 'R1' });
    const server = fakeServer({ '/user/users/me': () => ({ status: 401 }), '/user/refresh': () => ({ status: 401 }) });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/user/users/me')).rejects.toMatchObject({ response: { status: 401 } });
    expect(accessToken()).toBeUndefined();
    expect(refreshToken()).toBeUndefined();
    expect(h.onSignedOut).toHaveBeenCalledOnce();
  });

  it('inside the mini-app a failed refresh signs in again with the host init data', async () => {
    const h = hooks({ isMiniApp: () => true, reauthenticate: vi.fn(async () => ({ access_token: 'TG', refresh_token: 'RT' })) });
    saveSession({ access_token: 'OLD', refresh_token: 'R1' });
    const server = fakeServer({ '/user/users/me': meWith('TG'), '/user/refresh': () => ({ status: 401 }) });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/user/users/me')).resolves.toMatchObject({ data: { id: 1 } });
    expect(h.reauthenticate).toHaveBeenCalledOnce();
    expect(h.onSignedOut).not.toHaveBeenCalled();
    expect(accessToken()).toBe('TG');
  });

  it('inside the mini-app a refused host sign-in clears the tokens and passes the error on, without a redirect', async () => {
    const h = hooks({ isMiniApp: () => true, reauthenticate: vi.fn(async () => Promise.reject(new Error('init data expired'))) });
    saveSession({ access_token: 'OLD', refresh_token: 'R1' });
    const server = fakeServer({ '/user/users/me': () => ({ status: 401 }), '/user/refresh': () => ({ status: 401 }) });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/user/users/me')).rejects.toMatchObject({ response: { status: 401 } });
    expect(h.reauthenticate).toHaveBeenCalledOnce();
    expect(accessToken()).toBeUndefined();
    expect(refreshToken()).toBeUndefined();
    expect(h.onSignedOut).not.toHaveBeenCalled();
  });

  it('says "Refresh token is required" when there is none to refresh with', async () => {
    hooks();
    const { renewSession } = createHttp('/api', fakeServer({}).adapter);
    await expect(renewSession()).rejects.toThrow('Refresh token is required');
  });

  it('does not refresh when the login itself is refused', async () => {
    hooks();
    saveSession({ access_token: 'OLD', refresh_token: 'R1' });
    const server = fakeServer({ '/user/login': () => ({ status: 401 }) });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.post('/user/login', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.calls).toHaveLength(1);
  });

  it('turns a cancelled request into "Query was cancelled"', async () => {
    hooks();
    const controller = new AbortController();
    controller.abort();
    const { http } = createHttp('/api', fakeServer({ '/x': () => ({ status: 200 }) }).adapter);
    await expect(http.get('/x', { signal: controller.signal })).rejects.toThrow('Query was cancelled');
  });

  it('gives up after 9 seconds', () => {
    const { http } = createHttp('/api');
    expect(http.defaults.timeout).toBe(9000);
  });
});

describe('the six-day session marker, checked before every call', () => {
  const longAgo = () => Date.now() - AUTH_EXPIRY_MS - 1;

  it('outside the mini-app an expired marker clears the tokens, goes to login and sends nothing', async () => {
    const h = hooks();
    saveSession({ access_token: 'A1', refresh_token: 'R1' }, longAgo());
    const server = fakeServer({ '/user/users/me': meWith('A1') });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/user/users/me')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(server.calls).toEqual([]);
    expect(accessToken()).toBeUndefined();
    expect(refreshToken()).toBeUndefined();
    expect(h.onSignedOut).toHaveBeenCalledOnce();
  });

  it('still lets a signed-out user sign in', async () => {
    hooks();
    saveSession({ access_token: 'A1', refresh_token: 'R1' }, longAgo());
    const server = fakeServer({ '/user/login': () => ({ status: 200, data: { access_token: 'A2', refresh_token: 'R2' } }) });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.post('/user/login', {})).resolves.toMatchObject({ status: 200 });
  });

  it('inside the mini-app an expired marker signs in with the host once, then sends the call with the new token', async () => {
    const h = hooks({ isMiniApp: () => true, reauthenticate: vi.fn(async () => ({ access_token: 'TG', refresh_token: 'RT' })) });
    saveSession({ access_token: 'OLD', refresh_token: 'R1' }, longAgo());
    const server = fakeServer({ '/a': meWith('TG'), '/b': meWith('TG') });
    const { http } = createHttp('/api', server.adapter);
    await Promise.all([http.get('/a'), http.get('/b')]);
    expect(h.reauthenticate).toHaveBeenCalledOnce();
    expect(server.calls.map((c) => c.auth)).toEqual(['Bearer TG', 'Bearer TG']);
    expect(isSessionExpired()).toBe(false);
    expect(h.onSignedOut).not.toHaveBeenCalled();
  });

  it('inside the mini-app a refused host sign-in for an expired marker clears the tokens', async () => {
    const h = hooks({ isMiniApp: () => true, reauthenticate: vi.fn(async () => Promise.reject(new Error('host said no'))) });
    saveSession({ access_token: 'OLD', refresh_token: 'R1' }, longAgo());
    const server = fakeServer({ '/a': meWith('OLD') });
    const { http } = createHttp('/api', server.adapter);
    await expect(http.get('/a')).rejects.toThrow('host said no');
    expect(server.calls).toEqual([]);
    expect(accessToken()).toBeUndefined();
    expect(refreshToken()).toBeUndefined();
    expect(h.onSignedOut).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { accessToken, clearSession, saveSession } from '../../net/session';
import { runStartUp, type StartUpDeps } from './start-up';

const user: Me = {
  id: 7,
  username: 'ivan',
  avatar_url: null,
  country: 'RU',
  language: 'ru',
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [],
};

function deps(overrides: Partial<StartUpDeps> = {}): StartUpDeps {
  return {
    isMiniApp: () => false,
    prepare: async () => undefined,
    miniAppSignIn: vi.fn(async () => saveSession({ access_token: 'TG', refresh_token: 'RT' })),
    loadUser: async () => user,
    isSignedOut: () => false,
    wait: async () => undefined,
    ...overrides,
  };
}

afterEach(() => clearSession());

describe('runStartUp', () => {
  it('reports 10, 40, 60, 70, 99 and loads the user', async () => {
    saveSession({ access_token: 'A', refresh_token: 'R' });
    const seen: number[] = [];
    await expect(runStartUp((p) => seen.push(p), deps())).resolves.toEqual({ kind: 'loaded', user });
    expect(seen).toEqual([10, 40, 60, 70, 99]);
  });

  it("asks for the user at once with a session, not after the first steps' waits", async () => {
    saveSession({ access_token: 'A', refresh_token: 'R' });
    const order: string[] = [];
    const d = deps({
      loadUser: async () => {
        order.push('loadUser');
        return user;
      },
      wait: async () => void order.push('wait'),
    });
    await runStartUp(() => undefined, d);
    expect(order[0]).toBe('loadUser');
    expect(order.filter((step) => step === 'loadUser')).toHaveLength(1);
  });

  it('outside the mini-app an expired session is cleared and ends signed out', async () => {
    saveSession({ access_token: 'A', refresh_token: 'R' }, Date.now() - 7 * 24 * 3600 * 1000);
    const loadUser = vi.fn(async () => user);
    await expect(runStartUp(() => undefined, deps({ loadUser }))).resolves.toEqual({ kind: 'signed_out' });
    expect(accessToken()).toBeUndefined();
    expect(loadUser).not.toHaveBeenCalled();
  });

  it('inside the mini-app an expired session signs in with the host instead of redirecting', async () => {
    saveSession({ access_token: 'A', refresh_token: 'R' }, Date.now() - 7 * 24 * 3600 * 1000);
    const d = deps({ isMiniApp: () => true });
    await expect(runStartUp(() => undefined, d)).resolves.toEqual({ kind: 'loaded', user });
    expect(d.miniAppSignIn).toHaveBeenCalledOnce();
    expect(accessToken()).toBe('TG');
  });

  it('rejects on a failure so the retry button can re-run it', async () => {
    saveSession({ access_token: 'A', refresh_token: 'R' });
    const loadUser = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(user);
    await expect(runStartUp(() => undefined, deps({ loadUser }))).rejects.toThrow('offline');
    await expect(runStartUp(() => undefined, deps({ loadUser }))).resolves.toEqual({ kind: 'loaded', user });
  });
});

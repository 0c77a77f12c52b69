import type { Me } from '@durak/protocol';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../net/session';
import { useSessionStore } from '../state/session-store';
import { renderRoutesAt } from './render-routes.test-support';
import { AppRoutes } from './app-routes';

const renderAt = (path: string, signedIn?: typeof user) => renderRoutesAt(AppRoutes, path, signedIn);

const user: Me = {
  id: 1,
  username: 'Константинопольский',
  avatar_url: 'http://insecure/a.png',
  country: null,
  language: null,
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [{ wallet_type: 'BONUS_BALANCE', balance: '10000' }],
};

beforeEach(() => useSessionStore.setState({ isSignedOut: false }));
afterEach(() => {
  cleanup();
  clearSession();
});

describe('access rules', () => {
  it('sends a signed-out user to login', async () => {
    useSessionStore.setState({ isSignedOut: true });
    renderAt('/games');
    expect(screen.getByTestId('where').textContent).toBe('/auth/login');
  });

  it('shows login and registration without a loaded user', async () => {
    renderAt('/auth/registration');
    expect(screen.getByTestId('where').textContent).toBe('/auth/registration');
    expect(await screen.findByRole('button', { name: /register_button|Зарегистрироваться/ })).toBeTruthy();
  });

  it.each(['/auth/login', '/auth/registration'])('sends a signed-in visitor of %s home', (path) => {
    renderAt(path, user);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('sends a visitor of /auth/login home on a fresh load when a session is kept, before the user is loaded', () => {
    saveSession({ access_token: 'a', refresh_token: 'r' });
    renderAt('/auth/login');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('keeps a visitor whose session has expired on /auth/login', async () => {
    saveSession({ access_token: 'a', refresh_token: 'r' }, Date.now() - 7 * 24 * 3600 * 1000);
    renderAt('/auth/login');
    expect(screen.getByTestId('where').textContent).toBe('/auth/login');
    expect(await screen.findByRole('button', { name: /login_button|Войти/ })).toBeTruthy();
  });

  it('holds everything else on the start screen until the user is loaded', () => {
    renderAt('/store');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('start-version')).toBeTruthy();
  });

  it('shows the main page frame once the user is loaded: cut name, placeholder avatar, balances', async () => {
    renderAt('/', user);
    expect((await screen.findByTestId('header-username')).textContent).toBe('Констант…');
    expect(screen.getByTestId('avatar-placeholder')).toBeTruthy();
    expect(screen.getByTestId('wallet-BONUS_BALANCE').textContent).toContain('10\u202f000');
    // Five tabs, three home tiles, and the wallets, which lead to the chips in the store.
    expect(screen.getAllByRole('link')).toHaveLength(5 + 3 + 1);
    expect(screen.getByRole('link', { name: /get_chips_in_store|магазине/ }).getAttribute('href')).toBe('/store?tab=chips');
  });
});

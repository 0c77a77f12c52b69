import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerI18n, renderPage } from '../../test-support/player-pages';

const post = vi.hoisted(() => vi.fn());
const inside = vi.hoisted(() => ({ isMiniApp: false }));
vi.mock('../../net/http', () => ({ http: { get: vi.fn(), post, put: vi.fn() } }));
vi.mock('../../net/session', () => ({ saveSession: vi.fn() }));
vi.mock('../../device/telegram', () => ({
  isMiniApp: () => inside.isMiniApp,
  ensureMiniApp: async () => undefined,
  miniAppAuthPayload: () => ({ init_data: 'signed-by-telegram' }),
}));
const { default: LoginPage } = await import('./login-page');

let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
  const newcomer = readFileSync(join(import.meta.dirname, '../../../public/locales/en/newcomer.json'), 'utf8');
  i18n.addResourceBundle('en', 'newcomer', JSON.parse(newcomer) as object);
});
beforeEach(() => {
  post.mockReset().mockResolvedValue({ data: { access_token: 'a', refresh_token: 'r' } });
});
afterEach(cleanup);

// FEATURES.md §17: a Telegram user who signs out inside Telegram has no password to type.
describe('the sign-in page', () => {
  it('inside Telegram offers "sign in with Telegram" and no password form, and the button signs in with the host', async () => {
    inside.isMiniApp = true;
    renderPage(i18n, <LoginPage />, '/auth/login');
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Telegram' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/user/telegram/auth', { init_data: 'signed-by-telegram', device_id: expect.any(String) }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('in a browser asks for the name and password', () => {
    inside.isMiniApp = false;
    renderPage(i18n, <LoginPage />, '/auth/login');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Telegram' })).toBeNull();
  });
});

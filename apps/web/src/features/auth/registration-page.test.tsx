import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerI18n, renderPage } from '../../test-support/player-pages';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get: vi.fn(), post, put: vi.fn() } }));
vi.mock('../../net/session', () => ({ saveSession: vi.fn() }));
const { default: RegistrationPage } = await import('./registration-page');

let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  post.mockReset().mockResolvedValue({ data: { access_token: 'a', refresh_token: 'r' } });
});
afterEach(cleanup);

function register() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'friend' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
  fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('registration through an invite link', () => {
  it('sends the inviter from ?pr= as a number', async () => {
    renderPage(i18n, <RegistrationPage />, '/auth/registration?pr=42');
    register();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/user/registration', {
        username: 'friend',
        password: 'secret-pass',
        language: 'en',
        pr: 42,
        device_id: expect.any(String),
      }),
    );
  });

  it('sends no inviter without one, or when ?pr= is not an id', async () => {
    renderPage(i18n, <RegistrationPage />, '/auth/registration?pr=abc');
    register();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/user/registration', {
        username: 'friend',
        password: 'secret-pass',
        language: 'en',
        device_id: expect.any(String),
      }),
    );
  });
});

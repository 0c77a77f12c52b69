import { AxiosError, AxiosHeaders } from 'axios';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { queryKeys } from '../../net/query-keys';
import { anna, playerI18n, renderPage } from '../../test-support/player-pages';

const put = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get: vi.fn(), post, put } }));
const { MenuTab } = await import('./menu-tab');

function refused(status: number, code: string, details?: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('refused', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { error: { code, message: code, details } },
  });
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  put.mockReset();
  post.mockReset();
});
afterEach(cleanup);

function rename(to: string) {
  fireEvent.change(screen.getByTestId('username-input'), { target: { value: to } });
  fireEvent.click(screen.getByTestId('username-save'));
}

describe('the menu', () => {
  it('shows version 1.3 and the 2024 copyright', () => {
    renderPage(i18n, <MenuTab />, '/menu', anna);
    expect(screen.getByTestId('menu-about').textContent).toBe('version 1.3© 2024 Durak. All rights reserved.');
  });

  it('credits the emoji pictures as their CC BY 4.0 licence asks, with a link to it', () => {
    renderPage(i18n, <MenuTab />, '/menu', anna);
    const credits = screen.getByTestId('emoji-credits');
    expect(credits.textContent).toBe('Emoji: Twemoji, © Twitter, Inc. and other contributors, licence CC BY 4.0');
    expect(credits.querySelector('a')?.getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
  });

  it('changes the username and the header follows', async () => {
    put.mockResolvedValue({ data: { username: 'anna_k' } });
    const { client } = renderPage(i18n, <MenuTab />, '/menu', anna);
    rename('anna_k');
    expect(await screen.findByText('Username saved')).toBeTruthy();
    expect(put).toHaveBeenCalledWith('/user/username', { username: 'anna_k' });
    expect(client.getQueryData<Me>(queryKeys.me)?.username).toBe('anna_k');
  });

  it('says clearly when the name is taken (409) or refused as a field (400)', async () => {
    put.mockRejectedValueOnce(refused(409, 'user/username_taken'));
    const { client } = renderPage(i18n, <MenuTab />, '/menu', anna);
    rename('boris');
    expect((await screen.findByTestId('username-error')).textContent).toBe('This username is taken');
    put.mockRejectedValueOnce(refused(400, 'request/invalid', { field: 'username' }));
    rename('admin');
    await waitFor(() => expect(screen.getByTestId('username-error').textContent).toBe('3 to 32 characters: letters, digits, _, . and -'));
    // A name the server would refuse anyway is stopped before the call.
    rename('a b');
    expect(put).toHaveBeenCalledTimes(2);
    expect(client.getQueryData<Me>(queryKeys.me)?.username).toBe('anna');
  });

  it('uploads a new avatar and says when the file is too large', async () => {
    post.mockResolvedValueOnce({ data: { avatar_url: 'https://cdn.example/a/7.webp' } });
    const { client } = renderPage(i18n, <MenuTab />, '/menu', anna);
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    expect(await screen.findByText('Photo saved')).toBeTruthy();
    const [url, form] = post.mock.calls[0]! as [string, FormData];
    expect([url, (form.get('file') as File).name]).toEqual(['/avatars/upload-image/', 'me.png']);
    expect(client.getQueryData<Me>(queryKeys.me)?.avatar_url).toBe('https://cdn.example/a/7.webp');
    post.mockRejectedValueOnce(refused(413, 'avatar/too_large'));
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    expect((await screen.findByTestId('avatar-error')).textContent).toBe('The image is too large: at most 5 MB.');
  });
});

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { anna, playerI18n, renderPage } from '../../test-support/player-pages';

const handlers = vi.hoisted(() => new Map<string, (data: unknown) => void>());
const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/realtime', () => ({
  personalChannel: (id: number) => `#${id}`,
  useChannel: (channel: string | null, handler: (data: unknown) => void) => {
    if (channel) handlers.set(channel, handler);
  },
}));
vi.mock('../../net/http', () => ({ http: { get: vi.fn(), post } }));
vi.mock('../../device/telegram', () => ({ isMiniApp: () => false, launchStartParam: () => undefined }));
const { FriendsLive } = await import('./friends-live');

let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  post.mockReset().mockResolvedValue({ data: {} });
});
afterEach(cleanup);

const boris = { user_id: 8, username: 'boris', avatar: null };

describe('friend news anywhere in the app', () => {
  it('an invitation to a table shows a toast; join takes the seat and opens the table', async () => {
    renderPage(i18n, <FriendsLive />, '/store', anna);
    expect(screen.queryByTestId('toast-room_invite')).toBeNull();
    handlers.get(`#${anna.id}`)?.({ type: 'room_invite', room_id: 31, from: boris });
    const toast = await screen.findByTestId('toast-room_invite');
    expect(toast.textContent).toContain('boris invites you to a table');
    fireEvent.click(screen.getByTestId('toast-join'));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/durak/31'));
    expect(post).toHaveBeenCalledWith('/v1/rooms/31/seat', {});
    expect(screen.queryByTestId('toast-room_invite')).toBeNull();
  });

  it('a table that is gone says so instead of opening it', async () => {
    const response = { status: 404, data: { error: { code: 'room/not_found', message: 'No room 31' } } } as AxiosResponse;
    post.mockRejectedValueOnce(new AxiosError('Not Found', 'ERR_BAD_REQUEST', undefined, undefined, response));
    renderPage(i18n, <FriendsLive />, '/store', anna);
    handlers.get(`#${anna.id}`)?.({ type: 'room_invite', room_id: 31, from: boris });
    fireEvent.click(await screen.findByTestId('toast-join'));
    expect((await screen.findByTestId('toast-failed')).textContent).toBe('That table is gone.');
    expect(screen.getByTestId('where').textContent).toBe('/store');
  });

  it('a friend request shows a toast that leads to the friends page', async () => {
    renderPage(i18n, <FriendsLive />, '/', anna);
    handlers.get(`#${anna.id}`)?.({ type: 'friend_request', from: boris });
    expect((await screen.findByTestId('toast-friend_request')).textContent).toContain('boris wants to be your friend');
    fireEvent.click(screen.getByTestId('toast-view'));
    expect(screen.getByTestId('where').textContent).toBe('/friends');
  });
});

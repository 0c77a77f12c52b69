import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerI18n, renderPage } from '../../test-support/player-pages';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get, post } }));
vi.mock('../../device/telegram', () => ({ isMiniApp: () => false, shareViaHost: vi.fn() }));
const { AddFriendButton, InviteFriendsButton } = await import('./table-friends');

let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  get.mockReset();
  post.mockReset();
});
afterEach(cleanup);

const refused = (code: string, status = 409) =>
  new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, { status, data: { error: { code, message: code } } } as AxiosResponse);

describe('add friend in a seat’s menu', () => {
  it('asks once and says the request went out', async () => {
    post.mockResolvedValue({ data: { user_id: 9, status: 'requested' } });
    renderPage(i18n, <AddFriendButton userId={9} />);
    fireEvent.click(screen.getByTestId('add-friend'));
    expect((await screen.findByTestId('add-friend-note')).textContent).toBe('Request sent');
    expect(post).toHaveBeenCalledWith('/user/friends/9');
    expect((screen.getByTestId('add-friend') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when they are friends already', async () => {
    post.mockRejectedValue(refused('friend/already_friends'));
    renderPage(i18n, <AddFriendButton userId={9} />);
    fireEvent.click(screen.getByTestId('add-friend'));
    expect((await screen.findByTestId('add-friend-note')).textContent).toBe('You are already friends');
  });
});

describe('invite friends at a waiting table', () => {
  it('lists friends online first and invites one to this table', async () => {
    get.mockResolvedValue({
      data: {
        items: [
          { user_id: 3, username: 'olga', avatar: null, country: null, is_online: false },
          { user_id: 4, username: 'pavel', avatar: null, country: null, is_online: true },
        ],
        links: { next: null, previous: null },
      },
    });
    post.mockResolvedValue({ data: { room_id: 12, user_id: 4 } });
    renderPage(i18n, <InviteFriendsButton roomId={12} />);
    fireEvent.click(screen.getByTestId('invite-friends'));
    const list = await screen.findByTestId('invite-list');
    await within(list).findByText('pavel');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.includes('pavel'))).toEqual([true, false]);
    fireEvent.click(within(rows[0]!).getByTestId('invite-friend'));
    await within(rows[0]!).findByText('Invited');
    expect(post).toHaveBeenCalledWith('/v1/rooms/12/invite', { user_id: 4 });
  });
});

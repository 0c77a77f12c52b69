import type { FriendLine, FriendRequestLine, Referral } from '@durak/protocol';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { anna, playerI18n, renderPage } from '../../test-support/player-pages';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get, post, put: vi.fn(), delete: vi.fn() } }));
const { default: FriendsPage } = await import('./index');

const friend = (user_id: number, username: string, is_online: boolean, games: number): Referral => ({
  user_id,
  username,
  avatar: null,
  country: null,
  is_online,
  joined_at: '2026-11-20T09:00:00Z',
  games,
});

let i18n: I18n;
let setFriends: (items: FriendLine[]) => void = () => undefined;
let setAsks: (items: FriendRequestLine[]) => void = () => undefined;
let writeText: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  post.mockReset().mockResolvedValue({ data: { user_id: 5, status: 'friends' } });
  let friends: FriendLine[] = [];
  let asks: FriendRequestLine[] = [];
  setFriends = (next) => (friends = next);
  setAsks = (next) => (asks = next);
  get.mockReset().mockImplementation((url: string, config: { params: { page: number } }) => {
    if (url === '/user/friends') return Promise.resolve({ data: { items: friends, links: { next: null, previous: null } } });
    if (url === '/user/friends/requests') return Promise.resolve({ data: { items: asks, links: { next: null, previous: null } } });
    return Promise.resolve({
      data:
        config.params.page === 1
          ? {
              items: [friend(8, 'boris', true, 3), friend(9, 'vera', false, 0)],
              links: { next: '/page2', previous: null },
              invited_by: friend(2, 'olga', true, 40),
              bonus: '1500',
            }
          : {
              items: [friend(10, 'gleb', false, 1)],
              links: { next: null, previous: '/page1' },
              invited_by: friend(2, 'olga', true, 40),
              bonus: '1500',
            },
    });
  });
});
afterEach(cleanup);

describe('the friends page', () => {
  it('lists the invited players with who is online and their games, paged', async () => {
    renderPage(i18n, <FriendsPage />, '/friends', anna);
    expect(screen.getByText('Loading your friends…')).toBeTruthy();
    const rows = await screen.findAllByTestId('friend');
    expect(rows.map((r) => r.textContent?.includes('boris') || r.textContent?.includes('vera'))).toEqual([true, true]);
    expect(within(rows[0]!).getByRole('img', { name: 'online' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('img', { name: 'offline' })).toBeTruthy();
    expect(within(rows[0]!).getByTestId('friend-games').textContent).toBe('games: 3');
    // And who invited me, apart from the people I invited.
    expect(screen.getByTestId('invited-by').textContent).toContain('Invited you');
    expect(within(screen.getByTestId('inviter')).getByRole('img', { name: 'online' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('gleb');
    expect(screen.getAllByTestId('friend')).toHaveLength(1);
    expect(get).toHaveBeenLastCalledWith('/user/referrals', { params: { page: 2, limit: 20 } });
  });

  it('gives the site’s invite link with ?pr= outside Telegram, copies it, and explains the bonus', async () => {
    renderPage(i18n, <FriendsPage />, '/friends', anna);
    const link = screen.getByTestId('invite-link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/auth/registration?pr=7`);
    expect(screen.queryByTestId('share-invite')).toBeNull();
    // The amount is the server's REFERRAL_BONUS, as the friends list answers it.
    expect((await screen.findByTestId('referral-bonus')).textContent).toBe(
      'When a friend you invite finishes a first game, you both get 1\u202f500 chips on Bonus.',
    );
    fireEvent.click(screen.getByTestId('copy-invite'));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link.value);
  });

  it('says when nobody came yet, and when the list failed', async () => {
    const referrals = get.getMockImplementation()!;
    get.mockImplementation((url: string, config: unknown) =>
      url === '/user/referrals'
        ? Promise.resolve({ data: { items: [], links: { next: null, previous: null }, invited_by: null, bonus: '1500' } })
        : referrals(url, config),
    );
    renderPage(i18n, <FriendsPage />, '/friends', anna);
    expect((await screen.findByTestId('friends-empty')).textContent).toBe('Nobody has joined through your link yet.');
    cleanup();
    get.mockImplementation((url: string, config: unknown) =>
      url === '/user/referrals' ? Promise.reject(new Error('down')) : referrals(url, config),
    );
    renderPage(i18n, <FriendsPage />, '/friends', anna);
    expect(await screen.findByText('Could not load your friends.')).toBeTruthy();
  });
});

describe('friends and their asks on the friends page', () => {
  const line = (user_id: number, username: string, is_online: boolean, room_id?: number): FriendLine => ({
    user_id,
    username,
    avatar: null,
    country: null,
    is_online,
    ...(room_id ? { room_id } : {}),
  });

  it('shows an ask with accept; accepting calls the server and the list is read again', async () => {
    setAsks([{ user_id: 5, username: 'lena', avatar: null, country: null, requested_at: '2026-11-26T08:00:00Z' }]);
    renderPage(i18n, <FriendsPage />, '/friends', anna);
    const ask = await screen.findByTestId('friend-request');
    expect(ask.textContent).toContain('lena');
    expect(screen.getByText('Friend requests: 1')).toBeTruthy();
    setAsks([]);
    setFriends([line(5, 'lena', true)]);
    fireEvent.click(within(ask).getByTestId('accept-friend'));
    await vi.waitFor(() => expect(post).toHaveBeenCalledWith('/user/friends/5/accept'));
    const row = await screen.findByTestId('my-friend');
    expect(within(row).getByRole('img', { name: 'online' })).toBeTruthy();
    expect(screen.queryByTestId('friend-request')).toBeNull();
  });

  it('offers watch / join for a friend at a table, which opens that table', async () => {
    setFriends([line(6, 'pavel', true, 44), line(7, 'ira', false)]);
    renderPage(i18n, <FriendsPage />, '/friends', anna);
    const rows = await screen.findAllByTestId('my-friend');
    expect(within(rows[1]!).queryByTestId('friend-table')).toBeNull();
    expect(within(rows[1]!).getByRole('img', { name: 'offline' })).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByTestId('friend-table'));
    expect(screen.getByTestId('where').textContent).toBe('/durak/44');
  });

  it('says when there are no friends yet', async () => {
    renderPage(i18n, <FriendsPage />, '/friends', anna);
    expect((await screen.findByTestId('my-friends-empty')).textContent).toBe('No friends yet. Tap a player at the table to add them.');
  });
});

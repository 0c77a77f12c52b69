import type { Referral } from '@durak/protocol';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../state/user-store';
import { anna, playerI18n, renderPage } from '../../test-support/player-pages';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get, post: vi.fn(), put: vi.fn() } }));
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
let writeText: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  useUserStore.setState({ user: anna });
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  get.mockReset().mockImplementation((_url: string, config: { params: { page: number } }) =>
    Promise.resolve({
      data:
        config.params.page === 1
          ? { items: [friend(8, 'boris', true, 3), friend(9, 'vera', false, 0)], links: { next: '/page2', previous: null }, invited_by: friend(2, 'olga', true, 40), bonus: '1500' }
          : { items: [friend(10, 'gleb', false, 1)], links: { next: null, previous: '/page1' }, invited_by: friend(2, 'olga', true, 40), bonus: '1500' },
    }),
  );
});
afterEach(cleanup);

describe('the friends page', () => {
  it('lists the invited players with who is online and their games, paged', async () => {
    renderPage(i18n, <FriendsPage />, '/friends');
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
    renderPage(i18n, <FriendsPage />, '/friends');
    const link = screen.getByTestId('invite-link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/auth/registration?pr=7`);
    expect(screen.queryByTestId('share-invite')).toBeNull();
    // The amount is the server's REFERRAL_BONUS, as the friends list answers it.
    expect((await screen.findByTestId('referral-bonus')).textContent).toBe('When a friend you invite finishes a first game, you both get 1\u202f500 chips on Bonus.');
    fireEvent.click(screen.getByTestId('copy-invite'));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link.value);
  });

  it('says when nobody came yet, and when the list failed', async () => {
    get.mockResolvedValueOnce({ data: { items: [], links: { next: null, previous: null }, invited_by: null, bonus: '1500' } });
    renderPage(i18n, <FriendsPage />, '/friends');
    expect((await screen.findByTestId('friends-empty')).textContent).toBe('Nobody has joined through your link yet.');
    cleanup();
    get.mockRejectedValueOnce(new Error('down'));
    renderPage(i18n, <FriendsPage />, '/friends');
    expect(await screen.findByText('Could not load your friends.')).toBeTruthy();
  });
});

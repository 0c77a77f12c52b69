import { AxiosError, AxiosHeaders } from 'axios';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { anna, playerI18n, renderPage } from '../../test-support/player-pages';
import { aRoom } from '../../test-support/room';
import { DEFAULT_FILTER, useFilterStore } from '../games/filter-store';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get, post, put: vi.fn() } }));
const { HomeTab } = await import('./home-tab');

function refused(status: number, code: string) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('refused', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { error: { code, message: code } },
  });
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  useFilterStore.setState({ filter: { ...DEFAULT_FILTER, balance_type: 'BALANCE', deck_size: [24] } });
  get.mockReset();
  post.mockReset().mockResolvedValue({ data: {} });
});
afterEach(cleanup);

describe('the home page', () => {
  it('names both balances in words with their amounts, under a page heading for screen readers', () => {
    renderPage(i18n, <HomeTab />, '/', anna);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Durak');
    expect(screen.getByTestId('home-balance-BONUS_BALANCE').textContent).toContain('Bonus11\u202f000');
    expect(screen.getByTestId('home-balance-BALANCE').textContent).toContain('Balance2\u202f500');
  });

  it('quick play seats me at a waiting room that matches my saved filter', async () => {
    const mine = aRoom({ id: 3, seats_taken: 1, seats: [{ position: 0, player_id: 7 } as never] });
    get.mockResolvedValue({
      data: {
        items: [mine, aRoom({ id: 6, seats_taken: 2 }), aRoom({ id: 4, seats_taken: 1 }), aRoom({ id: 5, seats_taken: 1 })],
        links: { next: null, previous: null },
      },
    });
    // Room 4 filled up between the list and the seat call: quick play moves on to the next.
    post.mockRejectedValueOnce(refused(409, 'room/full'));
    renderPage(i18n, <HomeTab />, '/', anna);
    fireEvent.click(screen.getByTestId('quick-play'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/durak/5'));
    // The home page's other sections (banners, reward, tournaments) read too: find the lobby's list.
    const params = get.mock.calls.find((call) => String(call[0]).startsWith('/v1/rooms'))![1].params as URLSearchParams;
    expect([params.get('balance_type'), params.getAll('deck_size'), params.getAll('status')]).toEqual([
      'BALANCE',
      ['24'],
      ['pending', 'ready'],
    ]);
    expect(post.mock.calls.map((c) => c[0])).toEqual(['/v1/rooms/4/seat', '/v1/rooms/5/seat']);
  });

  it('opens the create-room dialog when no waiting room matches', async () => {
    get.mockResolvedValue({ data: { items: [], links: { next: null, previous: null } } });
    renderPage(i18n, <HomeTab />, '/', anna);
    fireEvent.click(screen.getByTestId('quick-play'));
    expect((await screen.findByTestId('quick-play-none')).textContent).toBe('No waiting table fits your filter: create your own.');
    expect(await screen.findByTestId('create-submit')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('says when the search failed', async () => {
    get.mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    renderPage(i18n, <HomeTab />, '/', anna);
    fireEvent.click(screen.getByTestId('quick-play'));
    expect((await screen.findByTestId('quick-play-error')).textContent).toBe(
      'Could not look for a table. Check your connection and try again.',
    );
  });

  it('says when the daily reward could not be read, and reads it again on retry', async () => {
    let failing = true;
    get.mockImplementation((url: string) => {
      if (url === '/rewards/available_reward') {
        return failing
          ? Promise.reject(refused(503, 'internal/unavailable'))
          : Promise.resolve({
              data: { is_available: true, streak_day: 2, amount: '750', next_at: new Date(Date.now() + 3_600_000).toISOString() },
            });
      }
      return Promise.reject(refused(404, 'not_found'));
    });
    renderPage(i18n, <HomeTab />, '/', anna);
    const daily = await screen.findByTestId('daily-reward');
    await waitFor(() => expect(daily.textContent).toContain('Could not load the daily reward'));
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('claim-reward')).textContent).toBe('Collect 750');
  });
});

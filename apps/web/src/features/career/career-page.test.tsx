import type { Career, PlayerGame, RatingList } from '@durak/protocol';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { playedRecord } from '../../test-support/game-record';
import { anna, playerI18n, renderPage } from '../../test-support/player-pages';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get, post: vi.fn(), put: vi.fn() } }));
const { default: CareerPage } = await import('./index');

const career: Career = {
  games: 12,
  wins: 7,
  defeats: 4,
  draws: 1,
  win_rate: 7 / 12,
  best_streak: 4,
  current_streak: 2,
  rating: 1587.4,
  rd: 120,
  wallets: [
    { wallet_type: 'BONUS_BALANCE', won: '5400', lost: '1200' },
    { wallet_type: 'BALANCE', won: '0', lost: '0' },
  ],
  history: [
    { at: '2026-11-01T10:00:00Z', rating: 1500 },
    { at: '2026-11-02T10:00:00Z', rating: 1540 },
    { at: '2026-11-03T10:00:00Z', rating: 1587.4 },
  ],
};
const line = (place: number, user_id: number, username: string) => ({
  place,
  user_id,
  username,
  avatar: null,
  country: null,
  rating: 1700 - place * 10,
  games: 10,
  wins: 5,
});
const game: PlayerGame = {
  room_id: 41,
  finished_at: '2026-11-03T10:00:00Z',
  result: 'victory',
  place: 1,
  amount: '900',
  balance_type: 'BONUS_BALANCE',
  bet_amount: '500',
  player_count: 3,
  deck_size: 36,
  tournament_id: null,
  seed_hash: 'x',
};

let routes: Record<string, (params: Record<string, unknown>) => unknown>;
let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  const pages: Record<string, RatingList> = {
    all: { items: [line(1, 3, 'boris'), line(2, 7, 'anna')], links: { next: '/next', previous: null }, me: line(2, 7, 'anna') },
    week: { items: [line(1, 9, 'vera')], links: { next: null, previous: null }, me: null },
  };
  routes = {
    '/v1/player/career': () => career,
    '/v1/player/rating': (p) => pages[String(p.period)],
    '/v1/player/games': () => ({ items: [game], links: { next: null, previous: null } }),
    '/v1/rooms/41/record': () => playedRecord('deal-41'),
  };
  get.mockReset().mockImplementation((url: string, config?: { params?: Record<string, unknown> }) => {
    const route = routes[url];
    return route ? Promise.resolve({ data: route(config?.params ?? {}) }) : Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(cleanup);

describe('the career page', () => {
  it('shows the totals, chips per wallet and the rating history', async () => {
    renderPage(i18n, <CareerPage />, '/career', anna);
    expect(screen.getByText('Loading your career…')).toBeTruthy();
    const figures = await screen.findByTestId('career-figures');
    expect(within(figures).getByTestId('career-games').textContent).toBe('Games12');
    expect(within(figures).getByTestId('career-win_rate').textContent).toBe('Win rate58%');
    expect(within(figures).getByTestId('career-best_streak').textContent).toBe('Best streak4');
    const wallets = screen.getByTestId('career-wallets');
    expect(within(wallets).getByRole('row', { name: /Bonus/ }).textContent).toBe('Bonus+5\u202f400−1\u202f200');
    expect(within(wallets).getByRole('row', { name: /^Balance/ }).textContent).toBe('Balance00');
    expect(screen.getByRole('img', { name: 'Rating from 1500 to 1587 over 3 games' })).toBeTruthy();
  });

  it('highlights my place in the rating and switches to this week', async () => {
    renderPage(i18n, <CareerPage />, '/career', anna);
    const mine = await screen.findByTestId('rating-line-mine');
    expect(mine.textContent).toContain('anna');
    expect(mine.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByTestId('rating-week'));
    await screen.findByText('vera');
    expect(get).toHaveBeenCalledWith('/v1/player/rating', { params: { period: 'week', page: 1, limit: 10 } });
    expect(screen.getByText('You get a place after your first game.')).toBeTruthy();
  });

  it('opens a game’s record and verifies the shuffle in the browser', async () => {
    renderPage(i18n, <CareerPage />, '/career', anna);
    fireEvent.click(await screen.findByTestId('game-line'));
    const record = await screen.findByTestId('record');
    expect(within(record).getByTestId('record-seed').textContent).toBe('deal-41');
    fireEvent.click(within(record).getByTestId('verify-shuffle'));
    const verdict = within(record).getByTestId('verdict');
    expect(verdict.textContent).toContain('The shuffle checks out');
    expect(verdict.textContent).toContain('p11');
  });

  it('links every finished game to its replay, beside the line that opens its record', async () => {
    renderPage(i18n, <CareerPage />, '/career', anna);
    await screen.findByTestId('game-line');
    expect(screen.getAllByTestId('replay-link').map((a) => a.getAttribute('href'))).toEqual(['/replay/41']);
  });

  it('says when a record does not check out', async () => {
    routes['/v1/rooms/41/record'] = () => ({ ...playedRecord('deal-41'), seed_hash: 'f'.repeat(64) });
    renderPage(i18n, <CareerPage />, '/career', anna);
    fireEvent.click(await screen.findByTestId('game-line'));
    fireEvent.click(await screen.findByTestId('verify-shuffle'));
    expect(screen.getByTestId('verdict').textContent).toContain('The seed does not give the published hash.');
  });

  it('says what failed and retries, and what is empty', async () => {
    routes['/v1/player/career'] = () => {
      throw new Error('down');
    };
    routes['/v1/player/games'] = () => ({ items: [], links: { next: null, previous: null } });
    get.mockImplementation((url: string, config?: { params?: Record<string, unknown> }) => {
      try {
        return Promise.resolve({ data: routes[url]!(config?.params ?? {}) });
      } catch (error) {
        return Promise.reject(error);
      }
    });
    renderPage(i18n, <CareerPage />, '/career', anna);
    expect(await screen.findByText('Could not load your career.')).toBeTruthy();
    expect(await screen.findByText('You have no finished games yet.')).toBeTruthy();
    routes['/v1/player/career'] = () => ({ ...career, games: 0, history: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('career-empty').textContent).toBe('No games played yet: your figures appear after your first game.'),
    );
    expect(screen.getByTestId('chart-empty')).toBeTruthy();
  });
});

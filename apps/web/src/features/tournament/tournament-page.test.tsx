import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { detail } from './fixtures.test-support';
import type { TournamentDetail, TournamentPlayer, TournamentRoom } from '@durak/protocol';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
const channels = vi.hoisted(() => new Map<string, (data: unknown) => void>());
vi.mock('../../net/http', () => ({ http }));
vi.mock('../../net/realtime', async () => {
  const { create } = await import('zustand');
  return {
    useRealtimeStore: create(() => ({ state: 'disconnected', hasDropped: false })),
    connectRealtime: () => new Promise(() => undefined),
    personalChannel: (id: number) => `#${id}`,
    useChannel: (channel: string | null, handler: (data: unknown) => void) => {
      if (channel) channels.set(channel, handler);
    },
  };
});

const { default: TournamentRoute } = await import('./index');

const i18n = i18next.createInstance();
const user: Me = {
  id: 1,
  username: 'anna',
  avatar_url: null,
  country: null,
  language: null,
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [{ wallet_type: 'BONUS_BALANCE', balance: '1000' }],
};

beforeAll(async () => {
  const tournament = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/tournament.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', ns: ['tournament'], resources: { en: { tournament } }, interpolation: { escapeValue: false } });
});

const player = (user_id: number, over: Partial<TournamentPlayer> = {}): TournamentPlayer => ({
  user_id,
  username: `player${user_id}`,
  avatar: null,
  country: null,
  is_eliminated: false,
  place: null,
  round_reached: 1,
  ...over,
});
const room = (id: number): TournamentRoom => ({ id, round: 1, status: 'in_progress', player_count: 2 });
const page = <T,>(items: T[], next: string | null = null) => ({ items, links: { next, previous: null } });
let current: TournamentDetail;
let listed: TournamentDetail[] = [];

function answer(url: string, config?: { params?: { page?: number; round?: number } }) {
  if (url === '/v1/tournament/7') return Promise.resolve({ data: current });
  if (url === '/v1/tournament/7/players')
    return Promise.resolve({
      data: config?.params?.page === 2 ? page([player(3), player(4)]) : page([player(1), player(2), player(3)], '/next'),
    });
  if (url === '/v1/tournament/7/rooms') {
    const all = current.status === 'registration' ? [] : current.round >= 2 ? [{ ...room(41), round: 2 }, room(40)] : [room(40)];
    return Promise.resolve({ data: page(all.filter((r) => config?.params?.round === undefined || r.round === config.params.round)) });
  }
  if (url === '/v1/payout/tournament/7/prize-distribution')
    return Promise.resolve({ data: { pool: '300', items: [{ place: 1, amount: '300' }] } });
  if (url === '/v1/tournament/') return Promise.resolve({ data: page(listed) });
  if (url === '/user/users/me') return Promise.resolve({ data: user });
  return Promise.reject(Object.assign(new Error('not found'), { isAxiosError: true }));
}

beforeEach(() => {
  channels.clear();
  current = detail({ id: 7, name: 'Friday Cup', buy_in: '250', starts_at: new Date(Date.now() + 90_000).toISOString() });
  http.get.mockReset().mockImplementation(answer);
  http.post.mockReset();
});
afterEach(cleanup);

function open(path = '/tournament/7') {
  render(
    <QueryClientProvider client={testQueryClient(user)}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/tournament/:id" element={<TournamentRoute />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
const publish = (channel: string, data: unknown) => act(() => channels.get(channel)?.(data));

describe('the tournament page', () => {
  it('shows the tournament with its countdown, and its realtime status starts disconnected', async () => {
    open();
    expect(screen.getByTestId('tournament-realtime').dataset.state).toBe('disconnected');
    expect(await screen.findByText('Friday Cup')).toBeTruthy();
    expect(screen.getByTestId('tournament-buy-in').textContent).toBe('250 from the bonus wallet');
    expect(screen.getByTestId('tournament-countdown').textContent).toMatch(/Starts in01:(29|30)/);
    expect(await screen.findAllByTestId('tournament-player')).toHaveLength(3);
  });

  // FEATURES.md §17: a finished tournament said "live".
  it('a finished tournament shows no realtime status', async () => {
    current = { ...current, status: 'finished' };
    open();
    expect(await screen.findByText('Friday Cup')).toBeTruthy();
    expect(screen.queryByTestId('tournament-realtime')).toBeNull();
  });

  it('registers only after a confirmation that names the amount and the wallet', async () => {
    http.post.mockImplementation(() =>
      Promise.resolve({ data: (current = { ...current, players_count: 4, player_info: { ...current.player_info, is_registered: true } }) }),
    );
    open();
    fireEvent.click(await screen.findByTestId('tournament-register'));
    expect(screen.getByTestId('confirm-text').textContent).toBe('250 will be taken from your bonus wallet to enter “Friday Cup”.');
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/v1/tournament/registration', { tournament_id: 7 }));
    expect((await screen.findByTestId('tournament-my-state')).textContent).toContain('You are registered');
    expect(screen.getByTestId('tournament-withdraw')).toBeTruthy();
  });

  it.each([
    ['tournament/full', 'The tournament is full: no seats are left.', false],
    ['wallet/insufficient_funds', 'Not enough chips in the wallet.', true],
  ])('explains a refused registration (%s)', async (code, text, offersChips) => {
    const { AxiosError } = await import('axios');
    http.post.mockRejectedValue(
      new AxiosError('409', 'ERR_BAD_REQUEST', undefined, undefined, { status: 409, data: { error: { code, message: 'x' } } } as never),
    );
    open();
    fireEvent.click(await screen.findByTestId('tournament-register'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    const error = await screen.findByTestId('tournament-error');
    expect(error.textContent).toContain(text);
    expect(within(error).queryByRole('link', { name: 'Get chips' })?.getAttribute('href') ?? null).toBe(offersChips ? '/store' : null);
  });

  it('loads more players without showing anyone twice, and marks those knocked out live', async () => {
    current = detail({ id: 7, status: 'running', round: 1 }, { is_registered: true });
    open();
    expect(await screen.findAllByTestId('tournament-player')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('tournament-players-more'));
    await waitFor(() => expect(screen.getAllByTestId('tournament-player').map((p) => p.dataset.userId)).toEqual(['1', '2', '3', '4']));
    publish('tournament:7', { type: 'players_changed', tournament_id: 7, round: 1, eliminated: [2] });
    expect(screen.getAllByTestId('tournament-player')[1]!.textContent).toContain('out in round 1');
  });

  it('adds a new round’s tables once, and links into the game the player was seated at', async () => {
    current = detail({ id: 7, status: 'running', round: 1 }, { is_registered: true });
    open();
    await waitFor(() => expect(screen.getAllByTestId('tournament-room')).toHaveLength(1));
    // The player's own channel says where they sit; the page links there at once.
    publish('#1', { type: 'tournament_seated', tournament_id: 7, round: 2, room_id: 41 });
    expect((await screen.findByTestId('tournament-my-game')).getAttribute('href')).toBe('/durak/41');
    current = detail({ id: 7, status: 'running', round: 2 }, { is_registered: true, room_id: 41 });
    publish('tournament:7', {
      type: 'round_started',
      tournament_id: 7,
      round: 2,
      is_final: false,
      rooms: [
        { ...room(40), status: 'FINISHED' },
        { id: 41, round: 2, status: 'in_progress', player_count: 2 },
      ],
    });
    expect(screen.getAllByTestId('tournament-room').map((r) => r.dataset.roomId)).toEqual(['41', '40']);
    await waitFor(() => expect(screen.getByTestId('tournament-round').textContent).toBe('2'));
    expect(screen.getByTestId('tournament-my-game').getAttribute('href')).toBe('/durak/41');
  });

  it('tells a player with a bye that they sit this round out and go straight on, live and after a reload', async () => {
    current = detail({ id: 7, status: 'running', round: 1 }, { is_registered: true });
    open();
    expect((await screen.findByTestId('tournament-my-state')).textContent).toBe('You are still in the tournament.');
    publish('#1', { type: 'tournament_bye', tournament_id: 7, round: 1 });
    await waitFor(() =>
      expect(screen.getByTestId('tournament-my-state').textContent).toBe(
        'No table for you in round 1 (a bye): you go straight on to round 2.',
      ),
    );
    expect(screen.queryByTestId('tournament-my-game')).toBeNull();
    cleanup();
    current = detail({ id: 7, status: 'running', round: 1 }, { is_registered: true, bye_round: 1 });
    open();
    await waitFor(() => expect(screen.getByTestId('tournament-my-state').textContent).toContain('a bye'));
  });

  it('lists one round’s tables when asked, and keeps later rounds out of that list', async () => {
    current = detail({ id: 7, status: 'running', round: 2 }, { is_registered: true });
    open();
    await waitFor(() => expect(screen.getAllByTestId('tournament-room').map((r) => r.dataset.roomId)).toEqual(['41', '40']));
    const choice = screen.getByTestId('tournament-rooms-round') as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual(['All rounds', 'Round 2', 'Round 1']);
    fireEvent.change(choice, { target: { value: '1' } });
    await waitFor(() => expect(screen.getAllByTestId('tournament-room').map((r) => r.dataset.roomId)).toEqual(['40']));
    expect(http.get).toHaveBeenCalledWith(
      '/v1/tournament/7/rooms',
      expect.objectContaining({ params: expect.objectContaining({ round: 1 }) }),
    );
    publish('tournament:7', {
      type: 'round_started',
      tournament_id: 7,
      round: 3,
      is_final: true,
      rooms: [{ id: 42, round: 3, status: 'in_progress', player_count: 2 }],
    });
    expect(screen.getAllByTestId('tournament-room').map((r) => r.dataset.roomId)).toEqual(['40']);
    fireEvent.change(choice, { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('tournament-room').map((r) => r.dataset.roomId)).toEqual(['41', '40']));
  });

  it('offers no round choice before the second round', async () => {
    current = detail({ id: 7, status: 'running', round: 1 }, { is_registered: true });
    open();
    await waitFor(() => expect(screen.getAllByTestId('tournament-room')).toHaveLength(1));
    expect(screen.queryByTestId('tournament-rooms-round')).toBeNull();
  });

  it('offers a rebuy to a knocked-out player while rebuys are open, naming the price', async () => {
    current = detail(
      { id: 7, status: 'running', round: 1, rebuy_rounds: 2, rebuy_price: '150' },
      { is_registered: true, is_eliminated: true },
    );
    open();
    fireEvent.click(await screen.findByTestId('tournament-rebuy'));
    expect(screen.getByTestId('confirm-text').textContent).toContain('150 will be taken from your bonus wallet');
  });

  it('/tournament/current opens the first open or running tournament, or says there is none', async () => {
    listed = [detail({ id: 5, status: 'finished' }), detail({ id: 7, status: 'registration' })];
    open('/tournament/current');
    expect(await screen.findByText('Friday Cup')).toBeTruthy();
    cleanup();
    listed = [detail({ id: 5, status: 'cancelled' })];
    open('/tournament/current');
    expect((await screen.findByTestId('tournament-message')).textContent).toContain('No tournaments are open right now');
  });

  it('says so when the tournament does not exist', async () => {
    open('/tournament/abc');
    expect((await screen.findByTestId('tournament-message')).textContent).toContain('does not exist');
  });
});

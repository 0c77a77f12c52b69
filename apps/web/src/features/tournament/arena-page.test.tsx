import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArenaStanding, Me, TournamentDetail } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { detail } from './fixtures.test-support';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
// Every subscriber of a channel hears its publications (the page and its board both listen).
const channels = vi.hoisted(() => new Map<string, Set<(data: unknown) => void>>());
vi.mock('../../net/http', () => ({ http }));
vi.mock('../../net/realtime', async () => {
  const { create } = await import('zustand');
  const { useEffect } = await import('react');
  return {
    useRealtimeStore: create(() => ({ state: 'disconnected', hasDropped: false })),
    connectRealtime: () => new Promise(() => undefined),
    personalChannel: (id: number) => `#${id}`,
    useChannel: (channel: string | null, handler: (data: unknown) => void) => {
      useEffect(() => {
        if (!channel) return;
        const set = channels.get(channel) ?? new Set();
        set.add(handler);
        channels.set(channel, set);
        return () => void set.delete(handler);
      }, [channel, handler]);
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
const locale = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/en/${ns}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['tournament', 'arena'],
    resources: { en: { tournament: locale('tournament'), arena: locale('arena') } },
    interpolation: { escapeValue: false },
  });
});

const line = (place: number, user_id: number, over: Partial<ArenaStanding> = {}): ArenaStanding => ({
  place,
  user_id,
  username: `player${user_id}`,
  avatar: null,
  points: 0,
  games: 0,
  wins: 0,
  streak: 0,
  playing: true,
  paused: false,
  ...over,
});
let current: TournamentDetail;
let board: ArenaStanding[];

function answer(url: string) {
  const page = <T,>(items: T[]) => ({ data: { items, links: { next: null, previous: null } } });
  if (url === '/v1/tournament/7') return Promise.resolve({ data: current });
  if (url === '/v1/tournament/7/standings') return Promise.resolve(page(board));
  if (url === '/v1/tournament/7/players' || url === '/v1/tournament/7/rooms') return Promise.resolve(page([]));
  if (url === '/v1/payout/tournament/7/prize-distribution') return Promise.resolve({ data: { pool: '300', items: [] } });
  return Promise.reject(Object.assign(new Error('not found'), { isAxiosError: true }));
}

beforeEach(() => {
  channels.clear();
  current = detail(
    {
      id: 7,
      name: 'Evening arena',
      status: 'running',
      format: 'arena',
      duration_minutes: 30,
      table_size: 2,
      room_size: 2,
      ends_at: new Date(Date.now() + 125_000).toISOString(),
    },
    { is_registered: true, room_id: 40 },
  );
  board = [line(1, 2), line(2, 1), line(3, 3)];
  http.get.mockReset().mockImplementation(answer);
  http.post.mockReset();
});
afterEach(cleanup);

function open() {
  render(
    <QueryClientProvider client={testQueryClient(user)}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/tournament/7']}>
          <Routes>
            <Route path="/tournament/:id" element={<TournamentRoute />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
const publish = (channel: string, data: unknown) => act(() => channels.get(channel)?.forEach((handler) => handler(data)));

describe('the page of an arena', () => {
  it('shows the clock to the end, the board, and a link into the running game', async () => {
    open();
    expect((await screen.findByTestId('arena-clock')).textContent).toMatch(/Ends in02:0[45]/);
    expect(await screen.findAllByTestId('arena-row')).toHaveLength(3);
    expect(screen.getByTestId('tournament-my-game').getAttribute('href')).toBe('/durak/40');
    expect(screen.getByTestId('arena-my-line').textContent).toBe('Place 2 · 0 points in 0 games');
  });

  it('moves the board live when a game ends, with the streak flame from two wins in a row', async () => {
    open();
    await screen.findAllByTestId('arena-row');
    publish('tournament:7', {
      type: 'standings_changed',
      tournament_id: 7,
      players_count: 3,
      items: [line(1, 3, { points: 8, games: 3, wins: 3, streak: 3, playing: false }), line(2, 2), line(3, 1)],
    });
    const rows = screen.getAllByTestId('arena-row');
    expect(rows.map((r) => r.dataset.user)).toEqual(['3', '2', '1']);
    expect(rows[0]!.dataset.points).toBe('8');
    expect(screen.getByLabelText('On a streak: 3 wins in a row, each further win scores 4')).toBeTruthy();
    // Another arena's board is not this one's.
    publish('tournament:7', { type: 'standings_changed', tournament_id: 8, players_count: 1, items: [line(1, 9)] });
    expect(screen.getAllByTestId('arena-row')).toHaveLength(3);
  });

  it('pauses and joins again through the arena calls', async () => {
    http.post.mockImplementation((url: string) =>
      Promise.resolve({
        data: (current = { ...current, player_info: { ...current.player_info, is_paused: url.endsWith('/pause') } }),
      }),
    );
    open();
    fireEvent.click(await screen.findByTestId('arena-pause'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/v1/tournament/7/pause'));
    expect((await screen.findByTestId('tournament-my-state')).textContent).toContain('Paused');
    fireEvent.click(await screen.findByTestId('arena-join'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/v1/tournament/7/join'));
    await screen.findByTestId('arena-pause');
  });

  it('offers entry while it runs, naming the buy-in, and none once the clock has ended', async () => {
    current = { ...current, player_info: { ...current.player_info, is_registered: false, room_id: null } };
    open();
    expect((await screen.findByTestId('tournament-register')).textContent).toBe('Enter for 100');
    cleanup();
    current = { ...current, ends_at: new Date(Date.now() - 1000).toISOString() };
    open();
    expect((await screen.findByTestId('arena-clock')).textContent).toContain('Time is up');
    expect(screen.queryByTestId('tournament-register')).toBeNull();
  });
});

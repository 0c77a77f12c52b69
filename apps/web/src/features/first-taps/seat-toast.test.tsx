import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { anna, testQueryClient } from '../../test-support/player-pages';
import { isHandled } from './handled-seats';
import { SEAT_COUNTDOWN_MS, TournamentSeatToast } from './seat-toast';

const http = vi.hoisted(() => ({ get: vi.fn() }));
const channels = vi.hoisted(() => new Map<string, (data: unknown) => void>());
vi.mock('../../net/http', () => ({ http }));
vi.mock('../../net/realtime', () => ({
  personalChannel: (id: number) => `#${id}`,
  useChannel: (channel: string | null, handler: (data: unknown) => void) => {
    if (channel) channels.set(channel, handler);
  },
}));

const i18n = i18next.createInstance();
beforeAll(async () => {
  const common = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/common.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  localStorage.clear();
  channels.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function show(path: string, seat: unknown = null) {
  http.get.mockReset().mockResolvedValue({ data: { seat } });
  render(
    <QueryClientProvider client={testQueryClient({ ...anna, id: 1 })}>
      <MemoryRouter initialEntries={[path]}>
        <I18nextProvider i18n={i18n}>
          <TournamentSeatToast />
          <Routes>
            <Route path="/" element={<p>home</p>} />
            <Route path="/tournament/:id" element={<p>tournament</p>} />
            <Route path="/games" element={<p>games</p>} />
            <Route path="/store" element={<p>store</p>} />
            <Route path="/durak/:id" element={<p data-testid="at-table">table</p>} />
          </Routes>
        </I18nextProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const flush = () => act(async () => {});

describe('taken to the tournament table', () => {
  it('a seat on the personal channel while home is open: a toast naming the table, then the table after 5 s', async () => {
    show('/');
    await flush();
    act(() => channels.get('#1')!({ type: 'tournament_seated', tournament_id: 3, round: 2, room_id: 41 }));
    expect(screen.getByTestId('seat-toast-text').textContent).toBe('Round 2: table 41. Taking you there in 5 s.');
    act(() => vi.advanceTimersByTime(SEAT_COUNTDOWN_MS - 1000));
    expect(screen.getByTestId('seat-toast-text').textContent).toContain('in 1 s');
    expect(screen.queryByTestId('at-table')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('at-table')).toBeTruthy();
    expect(screen.queryByTestId('seat-toast')).toBeNull();
  });

  it('"go now" goes at once; the same seat is not offered again on the next load', async () => {
    show('/tournament/3', { tournament_id: 3, tournament_name: 'Cup', round: 1, room_id: 40 });
    await flush();
    fireEvent.click(screen.getByTestId('seat-toast-go'));
    expect(screen.getByTestId('at-table')).toBeTruthy();
    expect(isHandled(40)).toBe(true);
    cleanup();
    show('/', { tournament_id: 3, tournament_name: 'Cup', round: 1, room_id: 40 });
    await flush();
    expect(screen.queryByTestId('seat-toast')).toBeNull();
  });

  it('a player who stays is not moved', async () => {
    show('/', { tournament_id: 3, tournament_name: 'Cup', round: 1, room_id: 42 });
    await flush();
    fireEvent.click(screen.getByTestId('seat-toast-stay'));
    act(() => vi.advanceTimersByTime(SEAT_COUNTDOWN_MS * 2));
    expect(screen.queryByTestId('at-table')).toBeNull();
  });

  // FEATURES.md §17: a player in the lobby never heard the round start and the computer took the seat.
  it.each(['/games', '/store', '/durak/99'])('is offered on any other screen too (%s), and goes there', async (path) => {
    show(path);
    await flush();
    act(() => channels.get('#1')!({ type: 'tournament_seated', tournament_id: 3, round: 2, room_id: 44 }));
    expect(screen.getByTestId('seat-toast-text').textContent).toBe('Round 2: table 44. Taking you there in 5 s.');
    act(() => vi.advanceTimersByTime(SEAT_COUNTDOWN_MS));
    expect(screen.getByTestId('at-table')).toBeTruthy();
    expect(screen.queryByTestId('seat-toast')).toBeNull();
  });

  it('a running seat missed by the realtime is offered on the next load of any screen, but not at that table', async () => {
    show('/games', { tournament_id: 3, tournament_name: 'Cup', round: 1, room_id: 45 });
    await flush();
    expect(screen.getByTestId('seat-toast')).toBeTruthy();
    cleanup();
    show('/durak/46', { tournament_id: 3, tournament_name: 'Cup', round: 1, room_id: 46 });
    await flush();
    expect(screen.queryByTestId('seat-toast')).toBeNull();
  });
});

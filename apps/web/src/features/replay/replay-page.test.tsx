import { DEFAULT_OPTIONS } from '@durak/engine';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test-support/player-pages';
import { playedReplay, seededRandom } from '../../test-support/replay';

const replay = playedReplay('page-test', { ...DEFAULT_OPTIONS, player_count: 3 }, seededRandom(11), 7);
const fetched = vi.fn((_roomId: number, _password?: string) => Promise.resolve(replay));
vi.mock('./replay-api', () => ({ replayApi: { replay: (roomId: number, password?: string) => fetched(roomId, password) } }));
const { ReplayPage } = await import('./replay-page');

const i18n = i18next.createInstance();
const load = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/en/${ns}.json`), 'utf8')) as Record<string, unknown>;
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { replay: load('replay'), game: load('game') } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function show(path: string) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/replay/:id" element={<ReplayPage roomId={7} />} />
          </Routes>
          <Address />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const total = replay.steps.length;
const stepLine = () => screen.getByTestId('replay-step').textContent;

/** The server's refusal as axios hands it to the page. */
const refusal = (status: number, code: string) =>
  new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { ok: false, error: { code, message: code } },
  });

describe('the replay page', () => {
  it('asks for a private game’s password and opens with it; a running game says it is still played', async () => {
    fetched.mockImplementationOnce(() => Promise.reject(refusal(403, 'room/password_required')));
    show('/replay/7');
    fireEvent.change(await screen.findByLabelText('This game is private: enter its password'), { target: { value: 'hunter22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('replay-board')).toBeTruthy();
    expect(fetched).toHaveBeenLastCalledWith(7, 'hunter22');
    cleanup();

    fetched.mockImplementationOnce(() => Promise.reject(refusal(409, 'room/not_finished')));
    show('/replay/7');
    expect((await screen.findByTestId('replay-unavailable')).textContent).toContain('This game is still being played');
    expect(screen.getByRole('link', { name: 'To the table' }).getAttribute('href')).toBe('/durak/7');
    fetched.mockClear();
  });

  it('opens at ?step=N from ?seat=ID’s view: only that seat’s cards are open', async () => {
    const seat = replay.players[1]!.user_id;
    show(`/replay/7?step=3&seat=${seat}`);
    expect(await screen.findByTestId('replay-board')).toBeTruthy();
    expect(stepLine()).toBe(`Step 3 of ${total}`);
    expect(screen.getByTestId('replay-bottom').dataset.playerId).toBe(seat);
    // The other two seats show a count, not their cards.
    expect(screen.getAllByTestId('replay-seat').every((s) => s.querySelector('[data-testid="replay-hand-card"]') === null)).toBe(true);
    fireEvent.click(screen.getByTestId('replay-view-all'));
    expect(screen.getByTestId('address').textContent).toBe('/replay/7?step=3');
    expect(screen.getAllByTestId('replay-hand-card').length).toBeGreaterThan(6);
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('steps forward and back, jumps with the slider, and names each step', async () => {
    show('/replay/7');
    await screen.findByTestId('replay-board');
    expect(stepLine()).toBe(`Step 0 of ${total}`);
    expect(screen.getByTestId('replay-caption').textContent).toContain('The deal');
    fireEvent.click(screen.getByTestId('replay-forward'));
    expect(stepLine()).toBe(`Step 1 of ${total}`);
    expect(screen.getByTestId('replay-caption').textContent).toMatch(/(Anna|Igor|Olga) attacks with/);
    expect(screen.getAllByTestId('replay-table-card')).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(stepLine()).toBe(`Step 2 of ${total}`);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(stepLine()).toBe(`Step 1 of ${total}`);
    fireEvent.click(screen.getByTestId('replay-back'));
    expect(screen.queryAllByTestId('replay-table-card')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('replay-slider'), { target: { value: String(total) } });
    expect(screen.getByTestId('address').textContent).toBe(`/replay/7?step=${total}`);
    expect(screen.getByTestId('replay-caption').textContent).toContain('Game over');
    expect(screen.getAllByTestId('replay-seat-result').length).toBeGreaterThan(0);
  });

  it('plays on its own at 4x and stops at the end', async () => {
    show(`/replay/7?step=${total - 3}`);
    await screen.findByTestId('replay-board');
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('replay-speed-4'));
    fireEvent.click(screen.getByTestId('replay-play'));
    expect(screen.getByTestId('replay-play').dataset.playing).toBe('true');
    await act(async () => vi.advanceTimersByTimeAsync(260));
    expect(stepLine()).toBe(`Step ${total - 2} of ${total}`);
    for (let i = 0; i < 4; i++) await act(async () => vi.advanceTimersByTimeAsync(260));
    expect(stepLine()).toBe(`Step ${total} of ${total}`);
    expect(screen.getByTestId('replay-play').dataset.playing).toBe('false');
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../net/query-client';
import { aRoom } from '../../test-support/room';
import { aSeat, aWatch } from '../../test-support/table';
import { detail } from '../tournament/fixtures.test-support';
import { ResultsDialog } from './results-dialog';
import { TopBar } from './top-bar';
import type { TournamentDetail, TournamentPlayer, WatchState } from '@durak/protocol';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../net/http', () => ({ http }));

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { game } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const player = (user_id: number, is_eliminated: boolean): TournamentPlayer => ({
  user_id,
  username: `u${user_id}`,
  avatar: null,
  country: null,
  is_eliminated,
  place: is_eliminated ? 5 : null,
  round_reached: 1,
});
const seat = (id: string, position: number) => ({ ...aSeat(id, position, 0), player: { player_id: id, username: `u${id}` } });

function tournamentGame(): WatchState {
  return aWatch(0, {
    room: aRoom({ id: 9, status: 'FINISHED', bet_amount: '0', tournament_id: 7 }),
    status: 'FINISHED',
    phase: 'finished',
    trump_card: null,
    turn: null,
    talon_count: 0,
    seed_hash: 'ab',
    seats: { '1': seat('1', 0), '2': seat('2', 1), '3': seat('3', 2) },
    results: [
      { player_id: '2', result: 'victory', place: 1, amount: '0' },
      { player_id: '3', result: 'victory', place: 2, amount: '0' },
      { player_id: '1', result: 'defeat', place: 3, amount: '0' },
    ],
  });
}

function show(me: string, info: Partial<TournamentDetail['player_info']>) {
  http.get.mockReset().mockImplementation((url: string) => {
    if (url === '/v1/tournament/7')
      return Promise.resolve({ data: detail({ id: 7, status: 'running', round: 1 }, { is_registered: true, ...info }) });
    if (url === '/v1/tournament/7/players')
      return Promise.resolve({
        data: { items: [player(1, true), player(2, false), player(3, false), player(4, false)], links: { next: null, previous: null } },
      });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <I18nextProvider i18n={i18n}>
          <ResultsDialog
            watch={tournamentGame()}
            me={me}
            isOpen
            onClose={() => {}}
            rematch={{ isOffered: false, isPending: false, failed: false, onRematch: () => {} }}
          />
        </I18nextProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a tournament game’s results', () => {
  it('shows the loser their place, who of the table goes on, and the way back instead of a rematch and amounts', async () => {
    show('1', { is_eliminated: true, place: 5 });
    expect((await screen.findByTestId('results-tournament-place')).textContent).toBe('Your place in the tournament: 5');
    expect((await screen.findByTestId('results-tournament-next')).textContent).toBe('Going on from this table: u2, u3');
    expect(screen.getByTestId('results-tournament-back').getAttribute('href')).toBe('/tournament/7');
    expect(screen.queryByTestId('results-rematch')).toBeNull();
    expect(screen.queryByTestId('results-lobby')).toBeNull();
    expect(screen.queryAllByTestId('result-amount')).toHaveLength(0);
    expect(screen.queryByTestId('results-balance')).toBeNull();
  });

  it('tells a winner of the table they go on', async () => {
    show('2', { is_eliminated: false, place: null });
    expect((await screen.findByTestId('results-tournament-place')).textContent).toBe('You go on to the next round');
  });
});

describe('the table’s top bar', () => {
  const bar = (room: Parameters<typeof aRoom>[0]) =>
    render(
      <I18nextProvider i18n={i18n}>
        <TopBar room={aRoom(room)} canSurrender={false} onLeave={() => {}} onSurrender={() => {}} />
      </I18nextProvider>,
    );
  it('shows no bet pill at a tournament table, only that it is a tournament’s', () => {
    bar({ bet_amount: '0', tournament_id: 7 });
    expect(screen.queryByTestId('table-bet')).toBeNull();
    expect(screen.getByTestId('table-tournament').textContent).toBe('Tournament');
  });
  it('shows the bet of a lobby table', () => {
    bar({ bet_amount: '500', tournament_id: null });
    expect(screen.getByTestId('table-bet').textContent).toContain('500');
  });
});

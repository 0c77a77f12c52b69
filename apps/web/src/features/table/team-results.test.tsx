import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WatchState } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { aRoom } from '../../test-support/room';
import { aSeat, aWatch } from '../../test-support/table';
import { ResultsDialog } from './results-dialog';
import { SeatView } from './seat-view';
import { teamOf } from './team-results';

const i18n = i18next.createInstance();
const locale = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/ru/${ns}.json`), 'utf8')) as object;
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'ru',
    resources: { ru: { game: locale('game'), rules: locale('rules') } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const seat = (id: string, position: number, result: 'victory' | 'defeat') => ({
  ...aSeat(id, position, 0),
  player: { player_id: id, username: `u${id}` },
  result,
});

/** Two against two: seats 1+3 (ids 1, 3) lost to seats 2+4 (ids 2, 4). */
function teamGame(isTeamMode: boolean): WatchState {
  return aWatch(0, {
    room: aRoom({ id: 9, status: 'FINISHED', player_count: 4, seats_taken: 4, is_team_mode: isTeamMode }),
    seats: { '1': seat('1', 0, 'defeat'), '2': seat('2', 1, 'victory'), '3': seat('3', 2, 'defeat'), '4': seat('4', 3, 'victory') },
    status: 'FINISHED',
    phase: 'finished',
    turn: null,
    seed_hash: 'ab',
    results: [
      { player_id: '2', result: 'victory', place: 1, amount: '95' },
      { player_id: '4', result: 'victory', place: 2, amount: '95' },
      { player_id: '1', result: 'defeat', place: 3, amount: '-100' },
      { player_id: '3', result: 'defeat', place: 3, amount: '-100' },
    ],
  });
}

function show(watch: WatchState, me: string) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <I18nextProvider i18n={i18n}>
          <ResultsDialog watch={watch} me={me} isOpen onClose={() => {}} />
        </I18nextProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the results of two against two (FEATURES.md §16)', () => {
  it('partners sit opposite: seats 1 and 3 are team 1, seats 2 and 4 team 2', () => {
    expect([0, 1, 2, 3].map(teamOf)).toEqual([1, 2, 1, 2]);
  });

  it('names each player’s team and tells the player their team lost, with their partner', () => {
    show(teamGame(true), '3');
    const lines = screen.getAllByTestId('result-line');
    expect(lines.map((l) => l.querySelector('[data-testid="result-team"]')?.textContent)).toEqual([
      'Команда 2',
      'Команда 2',
      'Команда 1',
      'Команда 1',
    ]);
    expect(screen.getByTestId('team-outcome').textContent).toBe('Ваша команда проиграла · партнёр: u1');
  });

  it('a room of one against all shows no teams', () => {
    show(teamGame(false), '3');
    expect(screen.queryAllByTestId('result-team')).toHaveLength(0);
    expect(screen.queryByTestId('team-outcome')).toBeNull();
  });
});

describe('the table of two against two', () => {
  const seatProps = (isPartner: boolean) => ({
    seat: aSeat('3', 2),
    isAttacker: false,
    isDefender: false,
    isPlaying: true,
    roundStatus: undefined,
    timer: undefined,
    isMe: false,
    emoji: null,
    onTap: () => undefined,
    isPartner,
  });

  it('marks the partner’s seat, and no other', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <SeatView {...seatProps(true)} />
        <SeatView {...seatProps(false)} />
      </I18nextProvider>,
    );
    expect(screen.getAllByTestId('seat-partner').map((el) => el.textContent)).toEqual(['партнёр']);
  });
});

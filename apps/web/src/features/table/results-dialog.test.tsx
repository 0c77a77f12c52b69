import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultsDialog, type RematchProps } from './results-dialog';
import type { WatchState } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { aSeat, aWatch } from '../../test-support/table';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/ru/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const replay = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/ru/replay.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { game, replay } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const finished = (extra: Partial<WatchState>): WatchState =>
  aWatch(0, { seats: {}, status: 'FINISHED', phase: 'finished', trump_card: null, turn: null, talon_count: 0, ...extra });

function show(watch: WatchState, me = '1', rematch?: RematchProps) {
  // Nobody is signed in: the dialog shows no new balance.
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <I18nextProvider i18n={i18n}>
          <ResultsDialog watch={watch} me={me} isOpen onClose={() => {}} rematch={rematch} />
        </I18nextProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the end of a table', () => {
  it('a room that closed before its game says so, and that no stake was taken', () => {
    show(finished({}));
    expect(screen.getByRole('dialog').textContent).toContain('Стол закрыт');
    expect(screen.getByTestId('results-closed').textContent).toBe('Игра не началась, ставки не списывались.');
    expect(screen.queryAllByTestId('result-line')).toHaveLength(0);
  });

  it('a played game shows the player its own result and every signed amount', () => {
    const seat = (id: string, position: number) => ({ ...aSeat(id, position, 0), player: { player_id: id, username: `u${id}` } });
    show(
      finished({
        seed_hash: 'ab',
        seats: { '1': seat('1', 0), '2': seat('2', 1) },
        results: [
          { player_id: '2', result: 'victory', place: 1, amount: '95' },
          { player_id: '1', result: 'defeat', place: 2, amount: '-100' },
        ],
      }),
    );
    expect(screen.getByRole('dialog').textContent).toContain('Вы — дурак');
    expect(screen.queryByTestId('results-closed')).toBeNull();
    expect(screen.getAllByTestId('result-amount').map((e) => e.textContent)).toEqual(['+95', '−100']);
    // Not yet revealed: no replay to watch.
    expect(screen.queryByTestId('replay-link')).toBeNull();
  });

  it('a finished game with its seed revealed links to its replay and offers to share it', () => {
    show(finished({ room_id: 42, seed_hash: 'ab', seed: 'cd', results: [{ player_id: '1', result: 'defeat', place: 2, amount: '-100' }] }));
    const link = screen.getByTestId('replay-link');
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Смотреть повтор', '/replay/42']);
    expect(screen.getByTestId('replay-share').textContent).toBe('Поделиться');
  });
});

describe('why, the rake, and a rematch', () => {
  const seat = (id: string, position: number, reason: WatchState['seats'][string]['result_reason']) => ({
    ...aSeat(id, position, 0),
    player: { player_id: id, username: `u${id}` },
    result_reason: reason,
  });
  const lost = finished({
    seed_hash: 'ab',
    seats: { '1': seat('1', 0, 'timeout'), '2': seat('2', 1, 'normal') },
    results: [
      { player_id: '2', result: 'victory', place: 1, amount: '950', result_reason: 'normal' },
      { player_id: '1', result: 'defeat', place: 2, amount: '-1000', result_reason: 'timeout' },
    ],
    rake: '50',
  });

  it('says why each player’s game ended and the rake that explains +950 against −1000', () => {
    show(lost);
    expect(screen.getAllByTestId('result-reason').map((e) => e.textContent)).toEqual(['победа · доиграл', 'дурак · по таймеру']);
    expect(screen.getByTestId('results-rake').textContent).toBe('Комиссия заведения: 50');
  });

  it('“play again” asks for the rematch; an offer from the other player is announced', () => {
    const onRematch = vi.fn();
    show(lost, '1', { isOffered: true, isPending: false, failed: false, onRematch });
    expect(screen.getByTestId('rematch-offered').textContent).toBe('Соперник предлагает реванш');
    fireEvent.click(screen.getByRole('button', { name: 'Сыграть ещё' }));
    expect(onRematch).toHaveBeenCalledTimes(1);
  });

  it('a spectator is offered no rematch', () => {
    show(lost, '99', { isOffered: false, isPending: false, failed: false, onRematch: vi.fn() });
    expect(screen.queryByTestId('results-rematch')).toBeNull();
  });
});

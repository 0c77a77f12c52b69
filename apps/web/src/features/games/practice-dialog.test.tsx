import { QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, type AxiosResponse } from 'axios';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../net/query-client';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { post, get: vi.fn() } }));

const { PracticeButton } = await import('./practice-button');

function Table() {
  return <p data-testid="table">table {useParams().id}</p>;
}

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { game } }, interpolation: { escapeValue: false } });
});
beforeEach(() => {
  post.mockReset().mockResolvedValue({ data: { id: 42 } });
});
afterEach(cleanup);

function openDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/games']}>
          <Routes>
            <Route path="/games" element={<PracticeButton />} />
            <Route path="/durak/:id" element={<Table />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Play against the computer/ }));
  return within(screen.getByTestId('practice-dialog'));
}

describe('play against the computer', () => {
  it('offers one to five computer players and three levels, one bot at normal first', () => {
    const dialog = openDialog();
    const bots = within(dialog.getByTestId('practice-bots'));
    expect(bots.getAllByRole('radio').map((r) => r.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(bots.getByRole('radio', { name: '1' }).getAttribute('aria-checked')).toBe('true');
    const levels = within(dialog.getByTestId('practice-level'));
    expect(levels.getAllByRole('radio').map((r) => r.textContent)).toEqual(['Easy', 'Normal', 'Hard']);
    expect(levels.getByRole('radio', { name: 'Normal' }).getAttribute('aria-checked')).toBe('true');
  });

  it('sends the bots, level and rules without a stake, then goes straight to the table', async () => {
    const dialog = openDialog();
    fireEvent.click(within(dialog.getByTestId('practice-bots')).getByRole('radio', { name: '3' }));
    fireEvent.click(within(dialog.getByTestId('practice-level')).getByRole('radio', { name: 'Hard' }));
    fireEvent.click(within(dialog.getByTestId('practice-deck')).getByRole('radio', { name: '24' }));
    fireEvent.click(dialog.getByTestId('practice-submit'));
    await waitFor(() => expect(screen.getByTestId('table').textContent).toBe('table 42'));
    const [path, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/v1/rooms/');
    expect(body).toMatchObject({ bots: 3, bot_level: 'hard', deck_size: 24, is_classic_mode_allowed: true, is_death_match_allowed: false });
    expect(body).not.toHaveProperty('bet_amount');
    expect(body).not.toHaveProperty('player_count');
  });

  it('more than three bots need the 36-card deck', async () => {
    const dialog = openDialog();
    fireEvent.click(within(dialog.getByTestId('practice-deck')).getByRole('radio', { name: '24' }));
    fireEvent.click(within(dialog.getByTestId('practice-bots')).getByRole('radio', { name: '5' }));
    const deck = within(dialog.getByTestId('practice-deck'));
    expect(deck.getByRole('radio', { name: '36' }).getAttribute('aria-checked')).toBe('true');
    expect((deck.getByRole('radio', { name: '24' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(dialog.getByTestId('practice-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/v1/rooms/', expect.objectContaining({ bots: 5, deck_size: 36 })));
  });

  it('a practice game still running: back to its table instead of a second one', async () => {
    post.mockRejectedValueOnce(
      new AxiosError('409', '409', undefined, undefined, {
        status: 409,
        data: { error: { code: 'room/practice_running', message: 'busy', details: { room_id: 7 } } },
      } as AxiosResponse),
    );
    const dialog = openDialog();
    fireEvent.click(dialog.getByTestId('practice-submit'));
    await waitFor(() => expect(screen.getByTestId('table').textContent).toBe('table 7'));
  });

  it('shows the server’s refusal and stays open', async () => {
    post.mockRejectedValueOnce(
      new AxiosError('400', '400', undefined, undefined, {
        status: 400,
        data: { error: { code: 'request/invalid', message: 'bots: too many' } },
      } as AxiosResponse),
    );
    const dialog = openDialog();
    fireEvent.click(dialog.getByTestId('practice-submit'));
    await waitFor(() => expect(dialog.getByTestId('practice-failure').textContent).toContain('bots: too many'));
    expect(screen.queryByTestId('table')).toBeNull();
  });
});

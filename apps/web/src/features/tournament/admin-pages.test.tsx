import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../net/query-client';
import { detail } from './fixtures.test-support';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../net/http', () => ({ http }));

const { AdminTournamentsPage, AdminTournamentPage } = await import('./admin-pages');
const { default: AdminArea } = await import('../admin');

const i18n = i18next.createInstance();
beforeAll(async () => {
  const read = (ns: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/en/${ns}.json`), 'utf8')) as Record<string, unknown>;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['tournament', 'common', 'admin'],
    resources: { en: { tournament: read('tournament'), common: read('common'), admin: read('admin') } },
    interpolation: { escapeValue: false },
  });
});

const rows = [
  { id: 3, name: 'Night owl', status: 'running', entrants: 12, rebuys: 2, pool: '1400', paid: '0', rake: '0' },
  { id: 2, name: 'Morning cup', status: 'registration', entrants: 4, rebuys: 0, pool: '400', paid: '0', rake: '0' },
];
let permissions: string[];

beforeEach(() => {
  permissions = ['admin.access', 'admin.tournaments.manage'];
  http.get.mockReset().mockImplementation((url: string) => {
    if (url === '/permission/me') return Promise.resolve({ data: { roles: ['admin'], permissions } });
    if (url === '/v1/admin/tournament/info') return Promise.resolve({ data: { items: rows, links: { next: null, previous: null } } });
    if (url === '/v1/tournament/')
      return Promise.resolve({ data: { items: [{ ...detail({ id: 2, is_pinned: true }) }], links: { next: null, previous: null } } });
    if (url === '/v1/payout/tournament/presets')
      return Promise.resolve({ data: { items: [{ id: 1, name: 'Winner takes all', places: [10000] }] } });
    if (url === '/v1/tournament/3') return Promise.resolve({ data: detail({ id: 3, name: 'Night owl', status: 'running', round: 2 }) });
    if (url === '/v1/admin/tournament/3/place/info')
      return Promise.resolve({ data: { items: [{ place: 1, user_id: 9, username: 'vera', round_reached: 3, prize: '1400' }] } });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  for (const fn of [http.post, http.patch, http.delete]) fn.mockReset().mockResolvedValue({ data: detail({ id: 3 }) });
});
afterEach(cleanup);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
function open(path: string, element: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          <Routes>
            <Route path="/admin/tournaments" element={element} />
            <Route path="/admin/tournament/:id" element={element} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
const badRequest = (field: string, message: string) =>
  new AxiosError('400', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 400,
    data: { error: { code: 'request/invalid', message, details: { field } } },
  } as never);

/** FEATURES.md §17: an admin write is confirmed only with a reason, which goes in X-Audit-Reason. */
function confirmWithReason(reason: string) {
  expect((screen.getByTestId('confirm-yes') as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(screen.getByTestId('confirm-reason'), { target: { value: reason } });
  fireEvent.click(screen.getByTestId('confirm-yes'));
}

describe('/admin/tournaments', () => {
  it('lists the figures with the pinned one marked, and offers pause only on a running tournament', async () => {
    open('/admin/tournaments', <AdminTournamentsPage />);
    const [running, open2] = await screen.findAllByTestId('admin-tournament-row');
    expect(running!.textContent).toContain('Night owl');
    expect(within(running!).getByTestId('admin-pause')).toBeTruthy();
    await waitFor(() => expect(within(open2!).getByTestId('admin-unpin')).toBeTruthy());
    expect(within(open2!).queryByTestId('admin-pause')).toBeNull();
    fireEvent.click(within(running!).getByTestId('admin-pause'));
    confirmWithReason('server upkeep');
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/v1/tournament/3/pause', undefined, { headers: { 'X-Audit-Reason': 'server%20upkeep' } }),
    );
  });

  it('cancels only after a confirmation naming the tournament', async () => {
    open('/admin/tournaments', <AdminTournamentsPage />);
    const [running] = await screen.findAllByTestId('admin-tournament-row');
    fireEvent.click(within(running!).getByTestId('admin-cancel'));
    expect(screen.getByTestId('confirm-text').textContent).toContain('“Night owl” is cancelled for good');
    expect(http.delete).not.toHaveBeenCalled();
    confirmWithReason('too few players');
    await waitFor(() =>
      expect(http.delete).toHaveBeenCalledWith('/v1/tournament/delete', {
        data: { tournament_id: 3 },
        headers: { 'X-Audit-Reason': 'too%20few%20players' },
      }),
    );
  });

  it('checks the form before sending, then shows the server’s 400 beside its field', async () => {
    open('/admin/tournaments', <AdminTournamentsPage />);
    fireEvent.click(await screen.findByTestId('admin-open-create'));
    fireEvent.change(screen.getByTestId('form-room_size'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('form-deck_size'), { target: { value: '24' } });
    fireEvent.click(screen.getByTestId('admin-create-submit'));
    expect(screen.getByTestId('field-error-room_size').textContent).toBe('A 24-card deck seats at most 4');
    expect(screen.getByTestId('field-error-name').textContent).toBe('Fill in this field');
    expect(http.post).not.toHaveBeenCalled();

    http.post.mockRejectedValueOnce(badRequest('payout_preset_id', 'payout_preset_id: no such payout preset'));
    fireEvent.change(screen.getByTestId('form-name'), { target: { value: 'Saturday' } });
    fireEvent.change(screen.getByTestId('form-room_size'), { target: { value: '4' } });
    await waitFor(() => expect(screen.getByTestId('form-payout_preset_id').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(screen.getByTestId('form-payout_preset_id'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('admin-create-submit'));
    expect(http.post).not.toHaveBeenCalled();
    confirmWithReason('weekend event');
    await waitFor(() => expect(screen.getByTestId('field-error-payout_preset_id').textContent).toContain('no such payout preset'));
    expect(http.post).toHaveBeenCalledWith(
      '/v1/tournament/',
      expect.objectContaining({ name: 'Saturday', room_size: 4, deck_size: 24, buy_in: '100', payout_preset_id: 1 }),
      { headers: { 'X-Audit-Reason': 'weekend%20event' } },
    );

    http.post.mockResolvedValueOnce({ data: detail({ id: 12 }) });
    fireEvent.click(screen.getByTestId('admin-create-submit'));
    confirmWithReason('weekend event');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/tournament/12'));
  });
});

describe('/admin/tournament/{id}', () => {
  it('shows the tournament, its actions and every place with its prize', async () => {
    open('/admin/tournament/3', <AdminTournamentPage />);
    expect(await screen.findByText('Night owl')).toBeTruthy();
    expect(screen.getByTestId('admin-pause')).toBeTruthy();
    const places = await screen.findByTestId('admin-places');
    await waitFor(() => expect(places.textContent).toContain('vera'));
    expect(places.textContent).toContain('1\u202f400');
  });
});

describe('the permission guard', () => {
  it('shows the tournament pages only with admin.tournaments.manage', async () => {
    permissions = ['admin.access', 'admin.users.read'];
    open('/admin/tournaments', <AdminArea screen="tournaments" />);
    await screen.findByTestId('no-access');
    expect(screen.queryByTestId('admin-tournaments-page')).toBeNull();
    cleanup();
    permissions = ['admin.access', 'admin.tournaments.manage'];
    open('/admin/tournaments', <AdminArea screen="tournaments" />);
    expect(await screen.findByTestId('admin-tournaments-page')).toBeTruthy();
  });
});

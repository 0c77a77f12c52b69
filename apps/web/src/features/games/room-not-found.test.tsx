import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { isRoomMissing } from './room-not-found';

function apiError(status: number, body: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', String(status), config, null, { status, statusText: '', headers: {}, config, data: body });
}
const missing = apiError(404, { error: { code: 'room/not_found', message: 'No room 99999' } });

// Every API call of the table answers as the server does for a room that does not exist.
const get = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get, post: get } }));
const { default: TablePage } = await import('../table');

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
  wallets: [],
};

beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { game, common: {} } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

describe('a room that does not exist', () => {
  it.each([
    ['404 room/not_found', missing, true],
    ['400 on the id', apiError(400, { error: { code: 'request/invalid', message: 'id', details: { field: 'id', in: 'params' } } }), true],
    ['a password question', apiError(403, { error: { code: 'room/password_required', message: '' } }), false],
    ['a lost connection', new AxiosError('Network Error', 'ERR_NETWORK'), false],
    ['nothing', null, false],
  ])('%s is missing: %s', (_name, error, expected) => {
    expect(isRoomMissing(error)).toBe(expected);
  });

  it('/durak/{id} says the room was not found and leads back to the lobby', async () => {
    get.mockRejectedValue(missing);
    render(
      <QueryClientProvider client={testQueryClient(user)}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/durak/99999']}>
            <Routes>
              <Route path="/durak/:id" element={<TablePage />} />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Room not found' })).toBeTruthy();
    expect(screen.queryByText(/could not load|failed/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to games' }).getAttribute('href')).toBe('/games');
  });
});

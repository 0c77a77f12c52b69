import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { aRoom } from '../../test-support/room';

const get = vi.hoisted(() =>
  vi.fn(async (_url: string): Promise<{ data: unknown }> => ({ data: { items: [], links: { next: null, previous: null } } })),
);
vi.mock('../../net/http', () => ({ http: { get, post: get } }));
// No socket in this test: a real subscribe would load the client and the schemas after the test
// had ended (vitest then reports an import after teardown).
vi.mock('../../net/realtime', async () => {
  const { create } = await import('zustand');
  return {
    useRealtimeStore: create(() => ({ state: 'disconnected', hasDropped: false })),
    connectRealtime: () => new Promise(() => undefined),
    subscribe: () => () => undefined,
    useChannel: () => undefined,
  };
});
const { default: LobbyPage } = await import('./index');

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
  wallets: [
    { wallet_type: 'BONUS_BALANCE', balance: '10000' },
    { wallet_type: 'BALANCE', balance: '0' },
  ],
};

beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const common = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/common.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { game, common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
afterEach(cleanup);

describe('the lobby', () => {
  it('names the wallet of the balance it shows, in words a screen reader reads', async () => {
    render(
      <QueryClientProvider client={testQueryClient(user)}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <LobbyPage />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const balance = await screen.findByTestId('lobby-balance');
    expect(balance.textContent).toBe('Bonus 10\u202f000');
  });

  // FEATURES.md §17: the filter started on Bonus with no "all", hiding BALANCE rooms while the line
  // above counted every waiting table of the server.
  it('shows every wallet by default, and "tables waiting" counts the rooms it shows', async () => {
    get.mockImplementation(async (url: string) =>
      url.startsWith('/v1/presence')
        ? { data: { online: 7, playing: 2, rooms_waiting: 9 } }
        : {
            data: {
              items: [
                aRoom({ id: 1, balance_type: 'BALANCE', status: 'pending' }),
                aRoom({ id: 2, balance_type: 'BONUS_BALANCE', status: 'pending' }),
              ],
              links: { next: null, previous: null },
            },
          },
    );
    render(
      <QueryClientProvider client={testQueryClient(user)}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <LobbyPage />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('tables-waiting').textContent).toBe('Tables waiting: 2'));
    const asked = get.mock.calls.find(([url]) => url.startsWith('/v1/rooms')) as unknown as [string, { params: URLSearchParams }];
    expect(asked[1].params.has('balance_type')).toBe(false);
  });
});

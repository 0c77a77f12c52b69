import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient } from '../net/query-client';
import type { Me } from '@durak/protocol';
import { setUser } from '../net/user-query';

const localesDir = join(import.meta.dirname, '../../public/locales');
const load = (lng: string, ns: string) => JSON.parse(readFileSync(join(localesDir, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** An i18n instance with the real English common, player and game strings, for tests to read. */
export async function playerI18n() {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['common', 'player', 'game'],
    defaultNS: 'common',
    resources: { en: { common: load('en', 'common'), player: load('en', 'player'), game: load('en', 'game') } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** A fresh query client as the app makes it, with `user` loaded as the start screen would. */
export function testQueryClient(user?: Me): QueryClient {
  const client = createQueryClient();
  if (user) setUser(client, user);
  return client;
}

/** Renders a page with a fresh query client (`user` signed in), the English strings and a router at `path`. */
export function renderPage(i18n: Awaited<ReturnType<typeof playerI18n>>, page: ReactNode, path = '/', user?: Me) {
  const client = testQueryClient(user);
  const rendered = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          {page}
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...rendered, client };
}

export const anna: Me = {
  id: 7,
  username: 'anna',
  avatar_url: null,
  country: 'RU',
  language: 'en',
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [
    { wallet_type: 'BALANCE', balance: '2500' },
    { wallet_type: 'BONUS_BALANCE', balance: '11000' },
  ],
};

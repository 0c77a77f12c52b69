import { cleanup, screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutesAt } from './render-routes.test-support';

// Each page is stood in for by its name and id, so a test reads which page a path reached.
function stub(name: string) {
  return {
    default: function Stub(props: { screen?: string }) {
      const { id } = useParams();
      return <p data-testid="page">{[name, props.screen, id].filter(Boolean).join(' ')}</p>;
    },
  };
}
vi.mock('../features/main/main-page', () => stub('main'));
vi.mock('../features/games', () => stub('games'));
vi.mock('../features/table', () => stub('table'));
vi.mock('../features/tournament', () => stub('tournament'));
vi.mock('../features/bandit', () => stub('bandit'));
vi.mock('../features/admin', () => stub('admin'));
vi.mock('../features/replay', () => stub('replay'));
vi.mock('../features/auth/login-page', () => stub('login'));
vi.mock('../features/auth/registration-page', () => stub('registration'));

const { AppRoutes } = await import('./app-routes');

const renderAt = (path: string, signedIn: typeof user | null = user) => renderRoutesAt(AppRoutes, path, signedIn ?? undefined);

const user = {
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
afterEach(cleanup);

describe('SPEC §2 routes', () => {
  it.each([
    ['/', 'main'],
    ['/store', 'main'],
    ['/friends', 'main'],
    ['/menu', 'main'],
    ['/career', 'main'],
    ['/games', 'games'],
    ['/durak/17', 'table 17'],
    ['/tournament/4', 'tournament 4'],
    ['/replay/12', 'replay 12'],
    ['/bandit', 'bandit'],
    ['/admin', 'admin home'],
    ['/admin/agents', 'admin agents'],
    ['/admin/agent/9', 'admin agent 9'],
    ['/admin/tournaments', 'admin tournaments'],
    ['/admin/tournament/3', 'admin tournament 3'],
    ['/admin/banners', 'admin banners'],
    ['/admin/banner/8', 'admin banner 8'],
    ['/admin/banner/create', 'admin banner_create'],
  ])('%s shows %s', async (path, page) => {
    renderAt(path);
    expect((await screen.findByTestId('page')).textContent).toBe(page);
    expect(screen.getByTestId('where').textContent).toBe(path);
  });

  // A signed-in visitor of these goes home (app-routes.test.tsx); without a user they show.
  it.each([
    ['/auth/registration', 'registration'],
    ['/auth/login', 'login'],
  ])('%s shows %s to a visitor who is not signed in', async (path, page) => {
    renderAt(path, null);
    expect((await screen.findByTestId('page')).textContent).toBe(page);
    expect(screen.getByTestId('where').textContent).toBe(path);
  });

  it.each(['/admin/foo', '/admin/agents/9', '/admin/banner', '/durak', '/nowhere', '/games/1'])(
    'an unknown path (%s) goes home',
    async (path) => {
      renderAt(path);
      expect((await screen.findByTestId('page')).textContent).toBe('main');
      expect(screen.getByTestId('where').textContent).toBe('/');
    },
  );
});

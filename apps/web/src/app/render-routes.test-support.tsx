import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Me } from '@durak/protocol';
import { testQueryClient } from '../test-support/player-pages';

/** Shows where the router ended up, for tests to read with getByTestId('where'). */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders the app's routes (the real module, or one whose pages a test stubbed) at a path, with `user` signed in when given. */
export function renderRoutesAt(Routes: ComponentType, path: string, user?: Me) {
  return render(
    <QueryClientProvider client={testQueryClient(user)}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient } from '../net/query-client';

/** Shows where the router ended up, for tests to read with getByTestId('where'). */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders the app's routes (the real module, or one whose pages a test stubbed) at a path. */
export function renderRoutesAt(Routes: ComponentType, path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

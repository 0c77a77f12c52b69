import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../net/query-client';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../../net/http', () => ({ http }));
const { default: AdminArea } = await import('..');

const i18n = i18next.createInstance();
beforeAll(async () => {
  const read = (ns: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../../../public/locales/en/${ns}.json`), 'utf8')) as Record<string, unknown>;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['admin', 'common'],
    defaultNS: 'admin',
    resources: { en: { admin: read('admin'), common: read('common') } },
    interpolation: { escapeValue: false },
  });
});

const banner = (id: number, name: string, position: number) => ({
  id,
  name,
  description: '',
  captions: {},
  start_date: '2026-11-01T00:00:00.000Z',
  end_date: '2026-12-01T00:00:00.000Z',
  image: `/uploads/${id}.png`,
  width: 1200,
  height: 400,
  position,
});
const list = [banner(1, 'Autumn cup', 0), banner(2, 'New cards', 1)];

beforeEach(() => {
  http.get.mockReset().mockImplementation((url: string) => {
    if (url === '/permission/me')
      return Promise.resolve({ data: { roles: ['admin'], permissions: ['admin.access', 'admin.banners.manage'] } });
    if (url === '/admin/banner') return Promise.resolve({ data: { items: list, links: { next: null, previous: null } } });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  http.patch.mockReset().mockResolvedValue({ data: { items: [list[1], list[0]] } });
});
afterEach(cleanup);

function open(path: string, screenName: 'banners' | 'banner_create') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={<AdminArea screen={screenName} />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

// FEATURES.md §17: every admin write in the web asks for its reason, which goes in X-Audit-Reason.
describe('banner writes ask for a reason', { timeout: 30_000 }, () => {
  it('a move in the order is sent only after a reason is given', async () => {
    open('/admin/banners', 'banners');
    await waitFor(() => expect(document.body.textContent).toContain('New cards'), { timeout: 8000 });
    const [down] = screen.getAllByRole('button', { name: 'Move down' });
    fireEvent.click(down!);
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(http.patch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('Why are you doing this? It goes to the audit log.'), {
      target: { value: 'cup first' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(http.patch).toHaveBeenCalledWith('/banners/order/change', { ids: [2, 1] }, { headers: { 'X-Audit-Reason': 'cup%20first' } }),
    );
  });

  it('a new banner is not sent before the reason is asked', async () => {
    open('/admin/banner/create', 'banner_create');
    const create = await screen.findByRole('button', { name: 'Create' }, { timeout: 8000 });
    fireEvent.change(screen.getAllByRole('textbox')[0]!, { target: { value: 'Winter cup' } });
    fireEvent.click(create);
    // The form's own checks first (no dates, no picture): nothing is sent and no reason asked yet.
    expect(screen.queryByPlaceholderText('Why are you doing this? It goes to the audit log.')).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });
});

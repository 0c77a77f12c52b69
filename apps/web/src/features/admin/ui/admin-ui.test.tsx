import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../net/query-client';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../../net/http', () => ({ http: { get, post: vi.fn(), patch: vi.fn(), delete: vi.fn() } }));

const { PermissionGate } = await import('./permission-gate');
const { ConfirmDialog } = await import('./confirm-dialog');
const { DataTable, columnHelper } = await import('./data-table');
const { useListParams } = await import('./use-list-params');
const { ImageUploadField } = await import('./image-upload-field');
const { AdminLayout } = await import('./admin-layout');

const i18n = i18next.createInstance();
beforeAll(async () => {
  const load = (ns: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../../../public/locales/ru/${ns}.json`), 'utf8')) as Record<string, unknown>;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'ru', resources: { ru: { admin: load('admin'), common: load('common') } }, interpolation: { escapeValue: false } });
});
beforeEach(() => get.mockReset());
afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}
function wrap(node: ReactNode, at = '/admin') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[at]}>
          {node}
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('PermissionGate', () => {
  it('a player sees "no access", not the page', async () => {
    get.mockResolvedValue({ data: { roles: ['player'], permissions: ['game.play', 'profile.edit'] } });
    wrap(<PermissionGate anyOf={['admin.access', 'agent.tree.read']}>secret page</PermissionGate>);
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it('an agent sees the page its permission opens', async () => {
    get.mockResolvedValue({ data: { roles: ['agent'], permissions: ['agent.tree.read'] } });
    wrap(<PermissionGate anyOf={['admin.access', 'agent.tree.read']}>agent page</PermissionGate>);
    expect(await screen.findByText('agent page')).toBeTruthy();
  });
});

describe('AdminLayout', () => {
  it("marks the tournaments section current on one tournament's page too, and nothing else", async () => {
    get.mockResolvedValue({
      data: {
        roles: ['admin'],
        permissions: ['admin.access', 'admin.agents.read', 'admin.tournaments.manage', 'admin.banners.manage', 'admin.audit.read'],
      },
    });
    wrap(<AdminLayout title="Турниры">page</AdminLayout>, '/admin/tournament/7');
    await waitFor(() =>
      expect(screen.getAllByRole('link').filter((l) => l.classList.contains('admin-nav-link')).length).toBeGreaterThan(1),
    );
    const current = screen.getAllByRole('link').filter((l) => l.classList.contains('active'));
    expect(current.map((l) => l.getAttribute('href'))).toEqual(['/admin/tournaments']);
  });
});

describe('ConfirmDialog', () => {
  it('confirms only with a reason, and passes it on trimmed', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    wrap(<ConfirmDialog isOpen title="Удалить?" confirmLabel="Удалить" onConfirm={onConfirm} onClose={onClose} />);
    const button = screen.getByRole('button', { name: 'Удалить' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  ok' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  акция закончилась ' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('акция закончилась'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open and shows the server error when the action fails', async () => {
    const onClose = vi.fn();
    const failure = Object.assign(new Error('no'), { isAxiosError: true });
    wrap(<ConfirmDialog isOpen title="Списать?" confirmLabel="Списать" onConfirm={() => Promise.reject(failure)} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'ошибка начисления' } });
    fireEvent.click(screen.getByRole('button', { name: 'Списать' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

interface Row {
  id: number;
  username: string;
}
const rows = columnHelper<Row>();
const columns = [rows.accessor('id', { header: 'ID' }), rows.accessor('username', { header: 'Имя' })];

function List({ data, total }: { data: Row[] | undefined; total: number }) {
  const list = useListParams({ sort: 'id', limit: 10 });
  return (
    <DataTable
      columns={columns}
      rows={data}
      rowKey={(r) => r.id}
      isLoading={data === undefined}
      emptyText="Пусто"
      paging={{ page: list.query.page, limit: list.query.limit, total, onPage: list.setPage, onLimit: list.setLimit }}
      sorting={{ columns: ['id', 'username'], sort: list.query.sort, order: list.query.order, onSort: list.toggleSort }}
    />
  );
}

describe('DataTable with its state in the URL', () => {
  it('reads page and sort from the URL; sorting again flips the order and goes back to page 1', () => {
    wrap(<List data={[{ id: 1, username: 'anna' }]} total={35} />, '/admin/agents?page=2&sort=username&order=asc');
    expect(screen.getByText('Страница 2 из 4 · всего 35')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Имя/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Имя/ }));
    expect(screen.getByTestId('where').textContent).toBe('?sort=username&order=desc');
  });

  it('pages forward and changes the page size in the URL', () => {
    wrap(<List data={[{ id: 1, username: 'anna' }]} total={35} />, '/admin/agents');
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    expect(screen.getByTestId('where').textContent).toBe('?page=2');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '50' } });
    expect(screen.getByTestId('where').textContent).toBe('?limit=50');
  });

  it('shows the empty state for an empty page', () => {
    wrap(<List data={[]} total={0} />);
    expect(screen.getByText('Пусто')).toBeTruthy();
  });
});

describe('ImageUploadField', () => {
  it('refuses a GIF and a picture over 5 MB before anything is sent', () => {
    const onChange = vi.fn();
    wrap(<ImageUploadField label="Картинка" file={null} onChange={onChange} />);
    const input = screen.getByLabelText('Картинка') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Только картинки JPEG, PNG или WebP');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'b.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('Картинка больше 5 МБ');
    expect(onChange.mock.calls).toEqual([[null], [null]]);
  });
});

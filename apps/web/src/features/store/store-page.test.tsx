import type { AssetItem } from '@durak/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';

const economyApi = vi.hoisted(() => ({
  allAssets: vi.fn(),
  buyAsset: vi.fn(),
  applyAsset: vi.fn(),
  products: vi.fn(),
  deposit: vi.fn(),
  convert: vi.fn(),
}));
const refreshWallets = vi.hoisted(() => vi.fn());
vi.mock('../../net/economy-api', () => ({ economyApi }));
vi.mock('../../net/user-query', async (original) => ({ ...(await original<typeof import('../../net/user-query')>()), refreshWallets }));

const { default: StorePage } = await import('./index');

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
    { wallet_type: 'BALANCE', balance: '0' },
    { wallet_type: 'BONUS_BALANCE', balance: '10000' },
  ],
};

beforeAll(async () => {
  const common = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/common.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

const item = (fields: Partial<AssetItem>): AssetItem => ({
  id: 1,
  type: 'CARD_BACK',
  name: 'classic',
  url: '/cards/back.svg',
  price: '0',
  balance_type: 'BONUS_BALANCE',
  is_owned: true,
  is_active: true,
  ...fields,
});
const catalogue = [
  item({}),
  item({ id: 2, name: 'navy', url: '/n.svg', price: '2000', is_owned: false, is_active: false }),
  item({ id: 5, name: 'midnight', url: '/m.svg', price: '500', balance_type: 'BALANCE', is_owned: false, is_active: false }),
];

beforeEach(() => {
  for (const fn of Object.values(economyApi)) fn.mockReset();
  economyApi.products.mockResolvedValue([]);
});
afterEach(cleanup);

function renderStore(path = '/store') {
  render(
    <QueryClientProvider client={testQueryClient(user)}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <StorePage />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the store page', () => {
  it('shows each card back with its price and wallet, and marks the one in use', async () => {
    economyApi.allAssets.mockResolvedValue(catalogue);
    renderStore();
    const navy = await screen.findByTestId('asset-2');
    expect(navy.textContent).toContain('2\u202f000');
    expect(navy.textContent).toContain('Bonus');
    expect(screen.getByTestId('asset-1').dataset.state).toBe('active');
    expect(screen.getByTestId('asset-5').dataset.state).toBe('too_poor');
  });

  it('calls the free default "free", never "bought", once another back is in use', async () => {
    economyApi.allAssets.mockResolvedValue([
      item({ id: 1, is_active: false }),
      item({ id: 2, name: 'navy', url: '/n.svg', price: '2000', is_owned: true, is_active: true }),
      item({ id: 3, name: 'ruby', url: '/r.svg', price: '900', is_owned: true, is_active: false }),
    ]);
    renderStore();
    const free = await screen.findByTestId('asset-1');
    expect(free.dataset.state).toBe('owned');
    expect(free.textContent).toContain('Free');
    expect(free.textContent).not.toContain('Owned');
    // A bought one still says so.
    expect((await screen.findByTestId('asset-3')).textContent).toContain('Owned');
  });

  it('buys only after a confirmation that names the price, then shows it owned', async () => {
    economyApi.allAssets.mockResolvedValue(catalogue);
    economyApi.buyAsset.mockResolvedValue({ ...catalogue[1]!, is_owned: true });
    renderStore();
    fireEvent.click(within(await screen.findByTestId('asset-2')).getByTestId('buy'));
    expect(economyApi.buyAsset).not.toHaveBeenCalled();
    const dialog = screen.getByTestId('buy-dialog');
    expect(dialog.textContent).toContain('Navy');
    expect(within(dialog).getByTestId('confirm-buy').textContent).toBe('Buy for 2\u202f000');
    fireEvent.click(within(dialog).getByTestId('confirm-buy'));
    await waitFor(() => expect(screen.getByTestId('asset-2').dataset.state).toBe('owned'));
    expect(economyApi.buyAsset).toHaveBeenCalledWith(2);
    expect(refreshWallets).toHaveBeenCalled();
  });

  it('says so on the card when applying an owned item fails', async () => {
    economyApi.allAssets.mockResolvedValue([item({ is_active: false }), item({ id: 2, name: 'navy', is_active: true })]);
    economyApi.applyAsset.mockRejectedValue(Object.assign(new Error('offline'), { isAxiosError: true }));
    renderStore();
    fireEvent.click(within(await screen.findByTestId('asset-1')).getByTestId('apply'));
    expect((await within(screen.getByTestId('asset-1')).findByTestId('apply-failed')).textContent).toBe(
      'That did not work, please try again',
    );
  });

  it('says which wallet is short and by how much, and offers the deposit dialog instead of buying', async () => {
    economyApi.allAssets.mockResolvedValue(catalogue);
    renderStore();
    fireEvent.click(within(await screen.findByTestId('asset-5')).getByTestId('buy'));
    expect(screen.getByTestId('not-enough-chips').querySelector('p')?.textContent).toBe('Not enough chips on Balance: 500 more needed');
    expect(screen.queryByTestId('confirm-buy')).toBeNull();
    fireEvent.click(screen.getByTestId('get-chips'));
    expect(await screen.findByTestId('deposit-dialog')).toBeTruthy();
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).value).toBe('500');
    // Paid once: the button closes the dialog now, so a second tap cannot pay again.
    economyApi.deposit.mockResolvedValue({ status: 'completed' });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-done');
    expect(screen.queryByTestId('deposit-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('deposit-close'));
    expect(economyApi.deposit).toHaveBeenCalledTimes(1);
  });

  it('has an empty state and an error state with a retry', async () => {
    economyApi.allAssets.mockResolvedValueOnce([]);
    renderStore('/store?tab=tables');
    expect((await screen.findByTestId('store-empty')).textContent).toBe('Nothing here yet');
    cleanup();

    economyApi.allAssets.mockRejectedValueOnce(new Error('502')).mockResolvedValue(catalogue);
    renderStore();
    const error = await screen.findByTestId('store-error');
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('asset-2')).toBeTruthy();
  });
});

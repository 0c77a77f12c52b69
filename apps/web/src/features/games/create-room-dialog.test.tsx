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

const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { post, get: vi.fn() } }));

const { CreateRoomDialog } = await import('./create-room-dialog');

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
  wallets: [{ wallet_type: 'BONUS_BALANCE', balance: '200000' }],
};

beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/ru/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { game } }, interpolation: { escapeValue: false } });
});
beforeEach(() => {
  post.mockReset().mockResolvedValue({ data: { id: 5 } });
});
afterEach(cleanup);

function open() {
  render(
    <QueryClientProvider client={testQueryClient(user)}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <CreateRoomDialog isOpen onClose={() => undefined} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return within(screen.getByTestId('create-bet-presets'));
}

describe('the create-room dialog’s bets', () => {
  it('offers all twelve SPEC presets in order, range ends included', () => {
    const presets = open();
    expect(presets.getAllByRole('radio').map((chip) => chip.textContent)).toEqual([
      '100',
      '999',
      '1k',
      '4999',
      '5k',
      '9999',
      '10k',
      '24999',
      '25k',
      '49999',
      '50k',
      '100k',
    ]);
    expect(presets.getByRole('radio', { name: '100' }).getAttribute('aria-checked')).toBe('true');
  });

  it('a tapped preset fills in its amount and is the one sent', async () => {
    const presets = open();
    fireEvent.click(presets.getByRole('radio', { name: '24999' }));
    expect((screen.getByTestId('create-bet') as HTMLInputElement).value).toBe('24999');
    expect(presets.getByRole('radio', { name: '24999' }).getAttribute('aria-checked')).toBe('true');
    expect(presets.getByRole('radio', { name: '100' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(presets.getByRole('radio', { name: '1k' }));
    expect((screen.getByTestId('create-bet') as HTMLInputElement).value).toBe('1000');
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/v1/rooms/', expect.objectContaining({ bet_amount: 1000 })));
  });

  it('a typed amount that is a preset lights that preset', () => {
    const presets = open();
    fireEvent.change(screen.getByTestId('create-bet'), { target: { value: '49999' } });
    expect(presets.getByRole('radio', { name: '49999' }).getAttribute('aria-checked')).toBe('true');
  });

  it('keeps every digit of a 20-digit bet in what it says about it', () => {
    open();
    fireEvent.change(screen.getByTestId('create-bet'), { target: { value: '12345678901234567891' } });
    expect((screen.getByTestId('create-bet') as HTMLInputElement).value).toBe('12345678901234567891');
    fireEvent.click(screen.getByTestId('create-submit'));
    const said = screen.getByTestId('create-errors').textContent ?? '';
    expect(said).toContain('12\u202f345\u202f678\u202f901\u202f234\u202f567\u202f891');
    expect(post).not.toHaveBeenCalled();
  });

  it('a bet larger than the wallet is not sent, and the dialog offers a way to get chips', () => {
    const presets = open();
    fireEvent.click(presets.getByRole('radio', { name: '100k' }));
    expect(screen.queryByTestId('create-get-chips')).toBeNull();
    fireEvent.change(screen.getByTestId('create-bet'), { target: { value: '250000' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByTestId('create-get-chips').getAttribute('href')).toBe('/store?tab=chips');
  });
});

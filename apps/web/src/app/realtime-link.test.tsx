import { QueryClientProvider } from '@tanstack/react-query';
import type { Me } from '@durak/protocol';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../net/query-keys';
import { testQueryClient } from '../test-support/player-pages';

const handlers = vi.hoisted(() => new Map<string, (data: unknown) => void>());
const refreshWallets = vi.hoisted(() => vi.fn());
vi.mock('../net/realtime', async () => {
  const { create } = await import('zustand');
  const { useEffect } = await import('react');
  const subscribe = (channel: string, handler: (data: unknown) => void) => {
    handlers.set(channel, handler);
    return () => void handlers.delete(channel);
  };
  return {
    connectRealtime: vi.fn(() => Promise.resolve()),
    disconnectRealtime: vi.fn(),
    personalChannel: (id: number) => `#${id}`,
    subscribe,
    // usePersonalChannel's hook, over the same fake subscription.
    useChannel: (channel: string | null, handler: (data: unknown) => void) =>
      useEffect(() => (channel === null ? undefined : subscribe(channel, (data) => handler(data))), [channel]),
    useRealtimeStore: create(() => ({ state: 'connected', hasDropped: false })),
  };
});
vi.mock('../net/user-query', async (original) => ({ ...(await original<typeof import('../net/user-query')>()), refreshWallets }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const { RealtimeLink } = await import('./realtime-link');

const user: Me = {
  id: 7,
  username: 'anna',
  avatar_url: null,
  country: null,
  language: null,
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [{ wallet_type: 'BONUS_BALANCE', balance: '10000' }],
};
const client = testQueryClient();
beforeEach(() => {
  refreshWallets.mockReset();
  client.setQueryData(queryKeys.me, user);
});
const renderLink = () =>
  render(
    <QueryClientProvider client={client}>
      <RealtimeLink />
    </QueryClientProvider>,
  );
afterEach(cleanup);

describe('the personal channel and the header', () => {
  it('a wallet message replaces the balances the header shows', () => {
    renderLink();
    const wallets = [
      { wallet_type: 'BALANCE', balance: '500' },
      { wallet_type: 'BONUS_BALANCE', balance: '8000' },
    ];
    handlers.get('#7')?.({ type: 'wallet', wallets });
    expect(client.getQueryData<typeof user>(queryKeys.me)?.wallets).toEqual(wallets);
    expect(refreshWallets).not.toHaveBeenCalled();
  });

  it("a game's wallet_changed delta makes it re-read the balances; other messages do not", () => {
    renderLink();
    handlers.get('#7')?.({ type: 'hand', room_id: 1, cards: [] });
    expect(refreshWallets).not.toHaveBeenCalled();
    handlers.get('#7')?.({ type: 'wallet_changed', room_id: 1, wallet_type: 'BONUS_BALANCE', amount: '-100' });
    expect(refreshWallets).toHaveBeenCalledTimes(1);
  });
});

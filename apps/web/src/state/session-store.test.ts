import { describe, expect, it } from 'vitest';
import { queryKeys } from '../net/query-keys';
import { createQueryClient } from '../net/query-client';
import type { Me } from '@durak/protocol';
import { showSignedIn, signIn, signOut, useSessionStore } from './session-store';

const anna: Me = {
  id: 7,
  username: 'anna',
  avatar_url: null,
  country: null,
  language: null,
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [{ wallet_type: 'BALANCE', balance: '2500' }],
};

describe('the session', () => {
  it('a loaded user is shown signed in', () => {
    const client = createQueryClient();
    useSessionStore.setState({ isSignedOut: true });
    showSignedIn(client, anna);
    expect(client.getQueryData(queryKeys.me)).toEqual(anna);
    expect(useSessionStore.getState().isSignedOut).toBe(false);
  });

  it('a sign-out forgets the user and its balances, and the router shows login', () => {
    const client = createQueryClient();
    showSignedIn(client, anna);
    signOut(client);
    expect(client.getQueryData(queryKeys.me)).toBeUndefined();
    expect(useSessionStore.getState().isSignedOut).toBe(true);
  });

  it('a fresh sign-in forgets the old user, so the start screen loads the new one', () => {
    const client = createQueryClient();
    showSignedIn(client, anna);
    signOut(client);
    signIn(client);
    expect(client.getQueryData(queryKeys.me)).toBeUndefined();
    expect(useSessionStore.getState().isSignedOut).toBe(false);
  });
});

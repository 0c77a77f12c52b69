import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me, Wallet } from '@durak/protocol';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * The signed-in user (profile, roles, wallets) lives in the query cache. The start screen loads
 * it with its progress steps and a sign-out drops it, so the reads below never fetch on their own:
 * a screen that mounts early must not race the start-up, and a signed-out page must not ask.
 */
export const userQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => api.me(signal),
  enabled: false,
  staleTime: Infinity,
  gcTime: Infinity,
});

const NO_WALLETS: Wallet[] = [];

/** The signed-in user, or undefined until the start screen has loaded one. */
export function useUser(): Me | undefined {
  return useQuery(userQuery).data;
}

export function useUserId(): number | undefined {
  return useQuery({ ...userQuery, select: (user) => user.id }).data;
}

export function useWallets(): Wallet[] {
  return useQuery({ ...userQuery, select: (user) => user.wallets }).data ?? NO_WALLETS;
}

export function setUser(client: QueryClient, user: Me): void {
  client.setQueryData(queryKeys.me, user);
}

/** Changes part of the loaded user (a new name, avatar or balances); nothing before the user is loaded. */
export function patchUser(client: QueryClient, patch: Partial<Me>): void {
  client.setQueryData<Me>(queryKeys.me, (user) => (user ? { ...user, ...patch } : user));
}

/** Drops the user, and the screens that read it see none at once. */
export function forgetUser(client: QueryClient): void {
  void client.resetQueries({ queryKey: queryKeys.me, exact: true });
}

/**
 * Re-reads the user's wallets after a money action. The `#{userId}` channel brings the same news,
 * but a dropped connection must not leave the header showing the old balance.
 */
export async function refreshWallets(client: QueryClient): Promise<void> {
  try {
    setUser(client, await api.me());
  } catch {
    // The realtime notice or the next load corrects it.
  }
}

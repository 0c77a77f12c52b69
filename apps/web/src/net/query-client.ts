import { QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

/** SPEC §9: no retries and no refetch on window focus unless a query says otherwise. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

export const DEFAULT_CARD_BACK = '/cards/back.svg';

/** SPEC §9: the card back is fetched once and kept forever, with 2 retries; the default on failure. */
export const cardBackQuery = queryOptions({
  queryKey: queryKeys.assets.cardBack,
  queryFn: async () => {
    const { assets_dict } = await api.activeAssets();
    return assets_dict['1']?.find((item) => item.type === 'CARD_BACK')?.url ?? DEFAULT_CARD_BACK;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 2,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
});

export const permissionsQuery = queryOptions({ queryKey: queryKeys.permissions, queryFn: api.permissions });

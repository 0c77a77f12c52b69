import type { ActiveAsset, AssetItem } from '@durak/protocol';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../net/api';
import { cardBackQuery } from '../../net/query-client';
import { useImageStatus } from './image-status';
import { queryKeys } from '../../net/query-keys';

/** The felt everyone has; the table's own CSS gradient looks the same, so it needs no image. */
export const DEFAULT_FELT = '/cosmetics/felts/green.svg';

/** Like the card back (SPEC §9): fetched once, kept forever, 2 retries, no refetch. */
export const activeAssetsQuery = queryOptions({
  queryKey: queryKeys.assets.active,
  queryFn: async (): Promise<ActiveAsset[]> => (await api.activeAssets()).assets_dict['1'] ?? [],
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 2,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
});

/** The felt to draw, or null for the default (also when the chosen image fails to load). */
export function useActiveFelt(): string | null {
  const { data } = useQuery(activeAssetsQuery);
  const url = data?.find((item) => item.type === 'TABLE')?.url ?? DEFAULT_FELT;
  const status = useImageStatus(url);
  return url === DEFAULT_FELT || status !== 'loaded' ? null : url;
}

/** The table's style for a felt: the image over the usual gradient (seen while it loads). */
export function feltStyle(
  felt: string | null,
): { backgroundImage: string; backgroundSize: string; backgroundPosition: string } | undefined {
  return felt ? { backgroundImage: `url(${felt})`, backgroundSize: 'cover', backgroundPosition: 'center' } : undefined;
}

/** After applying an asset in the store: the cached choices change without a re-read. */
export function rememberApplied(client: QueryClient, applied: AssetItem): void {
  if (!applied.is_active) return;
  if (applied.type === 'CARD_BACK') client.setQueryData(cardBackQuery.queryKey, applied.url);
  client.setQueryData(queryKeys.assets.active, (old: ActiveAsset[] | undefined) => [
    ...(old ?? []).filter((a) => a.type !== applied.type),
    { type: applied.type, url: applied.url },
  ]);
}

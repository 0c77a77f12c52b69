import type { FeatureFlagsAnswer } from '@durak/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';
import { queryKeys } from './query-keys';

/**
 * SPEC §9's feature flags, read once per page load (`GET /api/flags`, prefetched at start); until
 * then, and after a failed read, every flag is off (nothing half-shown), and nothing asks again.
 */
export const flagsQuery = queryOptions({
  queryKey: queryKeys.flags,
  queryFn: () => http.get<FeatureFlagsAnswer>('/flags').then((r) => r.data.flags),
  staleTime: Infinity,
  gcTime: Infinity,
  retryOnMount: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
  refetchOnWindowFocus: false,
});

/** Whether the installation turned a feature on; the web hides what a flag turns off. */
export function useFeatureFlag(name: string): boolean {
  return useQuery({ ...flagsQuery, select: (flags) => flags[name] === true }).data ?? false;
}

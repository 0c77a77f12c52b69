import { create } from 'zustand';
import type { FeatureFlags } from '@durak/protocol';
import { http } from './http';

interface FlagsState {
  flags: FeatureFlags;
  isLoaded: boolean;
}

/** SPEC §9's feature flags, read once at start (`GET /api/flags`); until then every flag is off. */
export const useFlagsStore = create<FlagsState>(() => ({ flags: {}, isLoaded: false }));

let loading: Promise<void> | null = null;

/** Reads the flags once per page load; a failed read leaves every flag off (nothing half-shown). */
export function loadFlags(): Promise<void> {
  loading ??= http.get<{ flags: FeatureFlags }>('/flags').then(
    (r) => useFlagsStore.setState({ flags: r.data.flags, isLoaded: true }),
    () => useFlagsStore.setState({ isLoaded: true }),
  );
  return loading;
}

/** Whether the installation turned a feature on; the web hides what a flag turns off. */
export function useFeatureFlag(name: string): boolean {
  return useFlagsStore((s) => s.flags[name] === true);
}

import { z } from 'zod';

/** Chips as a decimal string (balances are BIGINT on the server; JSON numbers would lose precision). */
export const chips = z.string().regex(/^-?\d+$/, 'must be an integer as a decimal string');

export const walletType = z.enum(['BALANCE', 'BONUS_BALANCE']);
export type WalletType = z.infer<typeof walletType>;

export const role = z.enum(['player', 'agent', 'admin']);
export type Role = z.infer<typeof role>;

export const links = z.object({ next: z.string().nullable(), previous: z.string().nullable() });

/** A paged list: `{ items, links }` (DESIGN.md §9). */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), links });
}

export { pageQuery } from './bounds.js';

/** SPEC §9: `GET /api/flags`, the installation's feature flags by name; the web reads them once at start. */
export const featureFlagsAnswer = z.object({ flags: z.record(z.string(), z.boolean()) });
export type FeatureFlagsAnswer = z.infer<typeof featureFlagsAnswer>;
export type FeatureFlags = FeatureFlagsAnswer['flags'];

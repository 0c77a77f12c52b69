import { z } from 'zod';

/** The kinds of cosmetic asset a user may own and activate (SPEC §3: card back, table). */
export const assetType = z.enum(['CARD_BACK', 'TABLE']);
export type AssetType = z.infer<typeof assetType>;

export const activeAsset = z.object({ type: assetType, url: z.string() });
export type ActiveAsset = z.infer<typeof activeAsset>;

/**
 * GET /api/assets/user-active-assets (SPEC §3): `assets_dict` keyed by number; entry 1 lists the
 * active items, and the one of type CARD_BACK is the card-back image.
 */
export const userActiveAssetsAnswer = z.object({ assets_dict: z.record(z.string().regex(/^\d+$/), z.array(activeAsset)) });
export type UserActiveAssetsAnswer = z.infer<typeof userActiveAssetsAnswer>;

/** The `assets_dict` key of the active items. */
export const ACTIVE_ASSETS_KEY = '1';

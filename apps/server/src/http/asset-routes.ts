import { ACTIVE_ASSETS_KEY, errorBody, userActiveAssetsAnswer, type ActiveAsset, type AssetType } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services.js';
import { authenticate, callerOf } from './auth-hooks.js';

/** The web's own card back (apps/web/public/cards/back.svg): what a user without cosmetics sees. */
export const DEFAULT_CARD_BACK_URL = '/cards/back.svg';

/** The assets a user has activated, by type. Nobody owns cosmetics until the store exists, so none. */
export type ActiveAssetsOf = (userId: number) => Promise<Partial<Record<AssetType, string>>>;

const noCosmetics: ActiveAssetsOf = async () => ({});

/** What every user shows when they have not activated an asset of that type. */
const defaults: readonly ActiveAsset[] = [{ type: 'CARD_BACK', url: DEFAULT_CARD_BACK_URL }];

/** The platform API's assets calls (SPEC §7). For now the active assets; buying and applying come with the store. */
export function registerAssetRoutes(root: FastifyInstance, services: Pick<Services, 'tokens'>, activeAssetsOf: ActiveAssetsOf = noCosmetics): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/assets/user-active-assets',
    {
      preHandler: authenticate(services.tokens),
      schema: { tags: ['assets'], security: [{ bearer: [] }], response: { 200: userActiveAssetsAnswer, '4xx': errorBody } },
    },
    async (request) => {
      const chosen = await activeAssetsOf(callerOf(request).id);
      const items = defaults.map((asset) => ({ type: asset.type, url: chosen[asset.type] ?? asset.url }));
      for (const [type, url] of Object.entries(chosen) as [AssetType, string][]) if (!items.some((item) => item.type === type)) items.push({ type, url });
      return { assets_dict: { [ACTIVE_ASSETS_KEY]: items } };
    },
  );
}

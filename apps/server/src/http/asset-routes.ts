import { ACTIVE_ASSETS_KEY, assetItem, assetList, assetQuery, errorBody, userActiveAssetsAnswer } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { answer, pageLinks } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/** The platform API's assets calls (SPEC §7, FEATURES.md §2): the catalogue, buying, applying. */
export function registerAssetRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = authenticate(services.tokens);
  const security = [{ bearer: [] }];
  const { assets } = services.economy;

  app.get(
    '/api/assets/all-assets',
    { onRequest: signedIn, schema: { tags: ['assets'], security, response: { 200: assetList, ...errors } } },
    async (request) => ({
      items: await assets.listAll(callerOf(request).id),
      links: pageLinks(request, 1, false),
    }),
  );

  app.get(
    '/api/assets/user-assets',
    { onRequest: signedIn, schema: { tags: ['assets'], security, response: { 200: assetList, ...errors } } },
    async (request) => ({
      items: await assets.listOwned(callerOf(request).id),
      links: pageLinks(request, 1, false),
    }),
  );

  app.get(
    '/api/assets/user-active-assets',
    { onRequest: signedIn, schema: { tags: ['assets'], security, response: { 200: userActiveAssetsAnswer, ...errors } } },
    async (request) => ({ assets_dict: { [ACTIVE_ASSETS_KEY]: await assets.activeOf(callerOf(request).id) } }),
  );

  app.post(
    '/api/assets/add-asset',
    { onRequest: signedIn, schema: { tags: ['assets'], security, querystring: assetQuery, response: { 200: assetItem, ...errors } } },
    async (request, reply) => {
      return answer(reply, await assets.buy(callerOf(request).id, request.query.asset_id));
    },
  );

  app.post(
    '/api/assets/apply-asset',
    { onRequest: signedIn, schema: { tags: ['assets'], security, querystring: assetQuery, response: { 200: assetItem, ...errors } } },
    async (request, reply) => {
      return answer(reply, await assets.apply(callerOf(request).id, request.query.asset_id));
    },
  );
}

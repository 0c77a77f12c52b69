import { emojiList, errorBody, pageQuery } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { authenticate } from './auth-hooks.js';
import { pageLinks } from './paging.js';

export function registerCatalogueRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/emoji',
    {
      onRequest: authenticate(services.tokens),
      schema: { tags: ['catalogue'], security: [{ bearer: [] }], querystring: pageQuery, response: { 200: emojiList, '4xx': errorBody } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, hasNext } = await services.catalogue.emoji(page, limit);
      return { items, links: pageLinks(request, page, hasNext) };
    },
  );
}

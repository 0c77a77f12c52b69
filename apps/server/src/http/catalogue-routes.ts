import { emojiList, errorBody, pageQuery } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services.js';
import { listEmoji } from '../catalogue/emoji.js';
import { authenticate } from './auth-hooks.js';
import { pageLinks } from './paging.js';

export function registerCatalogueRoutes(root: FastifyInstance, services: Services): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/emoji',
    {
      preHandler: authenticate(services.tokens),
      schema: { tags: ['catalogue'], security: [{ bearer: [] }], querystring: pageQuery, response: { 200: emojiList, '4xx': errorBody } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, hasNext } = await listEmoji(services.store.db, page, limit);
      return { items, links: pageLinks(request, page, hasNext) };
    },
  );
}

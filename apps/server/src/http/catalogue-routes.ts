import { emojiList, errorBody } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services.js';
import { listEmoji } from '../catalogue/emoji.js';
import { authenticate } from './auth-hooks.js';

export function registerCatalogueRoutes(root: FastifyInstance, services: Services): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/emoji',
    {
      preHandler: authenticate(services.tokens),
      schema: { tags: ['catalogue'], security: [{ bearer: [] }], response: { 200: emojiList, '4xx': errorBody } },
    },
    async () => {
      return { items: await listEmoji(services.store.db), links: { next: null, previous: null } };
    },
  );
}

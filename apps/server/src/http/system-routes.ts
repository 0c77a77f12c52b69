import { featureFlagsAnswer } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Services } from '../services.js';

export function registerSystemRoutes(app: FastifyInstance, services: Services): void {
  // Public: the web reads the flags before anyone signs in, to know what to show at all.
  const flags = { flags: { ...services.config.featureFlags } };
  app.withTypeProvider<ZodTypeProvider>().get('/api/flags', { schema: { tags: ['system'], response: { 200: featureFlagsAnswer } } }, async () => flags);
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await services.store.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const body = await services.metrics.registry.metrics();
    return reply.type(services.metrics.registry.contentType).send(body);
  });
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Services } from '../services.js';
import { workCounters } from '../shared/work-counters.js';

export function registerSystemRoutes(app: FastifyInstance, services: Services): void {
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

  if (services.config.benchCounters) {
    // The bench divides the difference of two readings by the moves it made in between.
    app.get('/bench/counters', { schema: { hide: true } }, async () => ({ ...workCounters, cpuMicros: process.cpuUsage() }));
  }
}

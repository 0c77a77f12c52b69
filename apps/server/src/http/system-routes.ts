import { createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { featureFlagsAnswer, healthAnswer, readyAnswer } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { workCounters } from '../shared/work-counters.js';

/** A probe may not hang the prober: each dependency gets this long to answer (FEATURES.md §8). */
const checkTimeoutMs = 1000;

export function registerSystemRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Probes arrive every few seconds from every balancer: at info level they would drown the log.
  const probe = { logLevel: 'warn' as const };

  // Public: the web reads the flags before anyone signs in, to know what to show at all.
  // `payments_sandbox`: the store and the deposit dialog say the chips are free (FEATURES.md §17).
  const flags = { flags: { ...services.config.featureFlags, payments_sandbox: services.config.economy.paymentsSandbox } };
  const payments = services.config.economy.paymentsSandbox ? ('sandbox' as const) : ('live' as const);
  app.get('/api/flags', { schema: { tags: ['system'], response: { 200: featureFlagsAnswer } } }, async () => flags);

  // Liveness: the process runs and its event loop turns. It asks nothing of the database, so an
  // orchestrator does not restart a healthy node because PostgreSQL is failing over.
  app.get('/healthz', { ...probe, schema: { hide: true, response: { 200: healthAnswer } } }, async () => ({ status: 'ok' as const }));

  // Readiness: whether this node can serve now; a balancer takes it out of rotation on 503.
  app.get('/readyz', { ...probe, schema: { hide: true, response: { 200: readyAnswer, 503: readyAnswer } } }, async (_request, reply) => {
    const [database, redis] = await Promise.all([services.readiness.database(checkTimeoutMs), services.readiness.redis(checkTimeoutMs)]);
    const isReady = database === 'ok' && (redis === 'ok' || redis === 'off');
    return reply.code(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'unavailable', checks: { database, redis }, payments });
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const body = await services.metrics.registry.metrics();
    return reply.type(services.metrics.registry.contentType).send(body);
  });

  if (services.config.benchCounters) {
    // The bench divides the difference of two readings by the moves it made in between. The event
    // loop's delay since the last reading tells a stall of this node from one of the machine or the
    // bench's own players (whose clock measures the latency).
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    // The longest garbage collection since the last reading: a stall of the loop that is not our code's;
    // and every collection's pause, added up (never reset: the bench divides two readings' difference).
    let longestGcMs = 0;
    let gcMs = 0;
    const gcs = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longestGcMs = Math.max(longestGcMs, entry.duration);
        gcMs += entry.duration;
      }
    });
    gcs.observe({ entryTypes: ['gc'] });
    // How long this node held a move, from its request's arrival to the answer's end (in µs): the
    // part of the bench's latency that is the server's, the rest being the machine's and the players'.
    const moveAnswers = createHistogram();
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'POST' && request.url.startsWith('/api/v1/rooms/'))
        moveAnswers.record(Math.max(1, Math.round(reply.elapsedTime * 1000)));
    });
    app.get('/bench/counters', { schema: { hide: true } }, async () => {
      const ms = (ns: number) => ns / 1e6;
      const eventLoopDelayMs = {
        p50: ms(loopDelay.percentile(50)),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
        longestGc: longestGcMs,
      };
      const moveAnswerMs = {
        count: moveAnswers.count,
        p50: moveAnswers.count ? moveAnswers.percentile(50) / 1000 : 0,
        p99: moveAnswers.count ? moveAnswers.percentile(99) / 1000 : 0,
        max: moveAnswers.count ? moveAnswers.max / 1000 : 0,
      };
      loopDelay.reset();
      moveAnswers.reset();
      longestGcMs = 0;
      return { ...workCounters, cpuMicros: process.cpuUsage(), gcMs, eventLoopDelayMs, moveAnswerMs };
    });
    app.addHook('onClose', async () => {
      loopDelay.disable();
      gcs.disconnect();
    });
  }
}

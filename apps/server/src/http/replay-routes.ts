import { errorBody, replayAnswer, roomIdParams, roomWatchHeaders } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { answer } from './paging.js';

/** FEATURES.md §14: a finished game's replay, re-applied by the web's engine (docs/api.md). */
export function registerReplayRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/rooms/:id/replay',
    {
      onRequest: authenticate(services.tokens),
      schema: {
        tags: ['rooms'],
        security: [{ bearer: [] }],
        params: roomIdParams,
        // A private game's password opens its replay, as it opens its table.
        headers: roomWatchHeaders,
        response: { 200: replayAnswer, '4xx': errorBody },
      },
    },
    async (request, reply) =>
      answer(reply, await services.replays.replay(callerOf(request), request.params.id, request.headers['x-room-password'])),
  );
}

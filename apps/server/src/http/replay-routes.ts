import { errorBody, replayAnswer, roomIdParams, roomWatchHeaders } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenService } from '../accounts/tokens.js';
import type { ReplayService } from '../replays/replay-service.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { answer } from './paging.js';

/** FEATURES.md §14: a finished game's replay, re-applied by the web's engine (docs/api.md). */
export function registerReplayRoutes(root: FastifyInstance, tokens: TokenService, replays: ReplayService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/rooms/:id/replay',
    {
      preHandler: authenticate(tokens),
      schema: {
        tags: ['rooms'],
        security: [{ bearer: [] }],
        params: roomIdParams,
        // A private game's password opens its replay, as it opens its table.
        headers: roomWatchHeaders,
        response: { 200: replayAnswer, '4xx': errorBody },
      },
    },
    async (request, reply) => answer(reply, await replays.replay(callerOf(request), request.params.id, request.headers['x-room-password'])),
  );
}

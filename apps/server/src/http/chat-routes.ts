import {
  chatHistory,
  chatPhraseList,
  errorBody,
  reportBody,
  reportCreated,
  roomIdParams,
  roomWatchHeaders,
  sendChatBody,
  chatMessage,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody };

/** Table chat and reports (FEATURES.md §11). */
export function registerChatRoutes(root: FastifyInstance, { services, now }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const module = services.rooms;
  const base = { onRequest: authenticate(services.tokens) };
  const tags = ['chat'];
  const security = [{ bearer: [] }];

  app.get('/api/v1/chat/phrases', { ...base, schema: { tags, security, response: { 200: chatPhraseList, ...errors } } }, async () => ({
    items: module.chat.phrases(),
  }));

  app.post(
    '/api/v1/rooms/:id/chat',
    { ...base, schema: { tags, security, params: roomIdParams, body: sendChatBody, response: { 200: chatMessage, ...errors } } },
    async (request, reply) => answer(reply, await module.chat.send(callerOf(request).id, request.params.id, request.body)),
  );

  // Reading the chat follows the watch rule: a private table's chat is for its players and those
  // who know its password (X-Room-Password, docs/decisions.md).
  const watched = { ...base, schema: { tags, security, params: roomIdParams, headers: roomWatchHeaders } };
  app.get(
    '/api/v1/rooms/:id/chat',
    { ...watched, schema: { ...watched.schema, response: { 200: chatHistory, ...errors } } },
    async (request, reply) => {
      const allowed = await module.rooms.canWatch(callerOf(request).id, request.params.id, request.headers['x-room-password']);
      return answer(reply, allowed.ok ? await module.chat.history(request.params.id) : allowed);
    },
  );
  app.post(
    '/api/v1/rooms/:id/report',
    { ...watched, schema: { ...watched.schema, body: reportBody, response: { 201: reportCreated, ...errors } } },
    async (request, reply) => {
      // No watch check here: only the table's players and those who watched its game (which took
      // the watch rule then) may report, and looking now must not make a stranger one of them.
      return answer(reply, await services.reports.report(callerOf(request).id, request.params.id, request.body, now()), 201);
    },
  );
}

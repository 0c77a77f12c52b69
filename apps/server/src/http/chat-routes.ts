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
import type { TokenService } from '../accounts/tokens.js';
import { REPORTS_PER_MINUTE, reportPlayer } from '../chat/report-service.js';
import type { RoomsModule } from '../rooms/rooms-module.js';
import type { Store } from '../store/db.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody };

/** Table chat and reports (FEATURES.md §11). */
export function registerChatRoutes(root: FastifyInstance, tokens: TokenService, module: RoomsModule, store: Store, now: () => Date): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const base = { preHandler: authenticate(tokens) };
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
      const allowance = (id: number) => module.limits.take(`report:${id}`, REPORTS_PER_MINUTE, 60_000);
      return answer(reply, await reportPlayer(store.db, callerOf(request).id, request.params.id, request.body, now(), allowance), 201);
    },
  );
}

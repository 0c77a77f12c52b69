import {
  errorBody,
  friendIdParams,
  friendList,
  friendRequestList,
  friendState,
  pageQuery,
  presenceSummary,
  roomIdParams,
  roomInviteAnswer,
  roomInviteBody,
  userSearchAnswer,
  userSearchQuery,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from './route-context.js';
import { ok } from '../shared/result.js';
import { answer, pageLinks } from './paging.js';
import { authenticate, callerOf } from './auth-hooks.js';

const errors = { '4xx': errorBody };

/** FEATURES.md §11: friends (/api/user/friends), invitations to a table, the presence summary. */
export function registerFriendRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const module = services.friends;
  const base = { onRequest: authenticate(services.tokens) };
  const security = [{ bearer: [] }];
  const tags = ['friends'];
  const { friends } = module;

  app.get(
    '/api/user/friends',
    { ...base, schema: { tags, security, querystring: pageQuery, response: { 200: friendList, ...errors } } },
    async (request) => {
      const { items, hasNext } = await friends.list(callerOf(request).id, request.query.page, request.query.limit);
      return { items, links: pageLinks(request, request.query.page, hasNext) };
    },
  );
  app.get(
    '/api/user/friends/requests',
    { ...base, schema: { tags, security, querystring: pageQuery, response: { 200: friendRequestList, ...errors } } },
    async (request) => {
      const { items, hasNext } = await friends.requests(callerOf(request).id, request.query.page, request.query.limit);
      return { items, links: pageLinks(request, request.query.page, hasNext) };
    },
  );

  app.get(
    '/api/users/search',
    { ...base, schema: { tags, security, querystring: userSearchQuery, response: { 200: userSearchAnswer, ...errors } } },
    async (request, reply) => answer(reply, await module.search(callerOf(request).id, request.query.username)),
  );

  const onFriend = {
    ...base,
    schema: { tags, security, params: friendIdParams, response: { 200: friendState, 204: z.null(), ...errors } },
  };
  app.post('/api/user/friends/:id', onFriend, async (request, reply) =>
    answer(reply, await friends.ask(callerOf(request).id, request.params.id)),
  );
  app.post('/api/user/friends/:id/accept', onFriend, async (request, reply) =>
    answer(reply, await friends.accept(callerOf(request).id, request.params.id)),
  );
  app.post('/api/user/friends/:id/decline', onFriend, async (request, reply) => {
    const result = await friends.decline(callerOf(request).id, request.params.id);
    return result.ok ? reply.code(204).send(null) : answer(reply, result);
  });
  app.delete('/api/user/friends/:id', onFriend, async (request, reply) => {
    const result = await friends.remove(callerOf(request).id, request.params.id);
    return result.ok ? reply.code(204).send(null) : answer(reply, result);
  });

  app.post(
    '/api/v1/rooms/:id/invite',
    {
      ...base,
      schema: { tags: ['rooms'], security, params: roomIdParams, body: roomInviteBody, response: { 200: roomInviteAnswer, ...errors } },
    },
    async (request, reply) => answer(reply, await module.invites.invite(callerOf(request).id, request.params.id, request.body.user_id)),
  );

  app.get(
    '/api/v1/presence/summary',
    { ...base, schema: { tags: ['realtime'], security, response: { 200: presenceSummary, ...errors } } },
    async (_request, reply) => answer(reply, ok(await module.presence.summary())),
  );
}

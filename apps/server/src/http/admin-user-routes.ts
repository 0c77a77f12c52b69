import {
  adjustAnswer,
  adjustRequest,
  adminUser,
  adminUserSearchPage,
  adminUserSearchQuery,
  banRequest,
  banState,
  countryCodeParams,
  countryUsers,
  errorBody,
  idParams,
  pageQuery,
  userPatched,
  userPatchRequest,
  countryCounts,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, guard, pageLinksOfTotal, security } from './admin-guard.js';
import type { RouteContext } from './route-context.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
const tags = ['admin'];

/** FEATURES.md §5 users: counts by country, a country's users, one user's detail, adjustments, roles. */
export function registerAdminUserRoutes(root: FastifyInstance, { services, now }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { adminUsers, tokens } = services;
  const read = guard(tokens, 'admin.users.read');

  app.get(
    '/api/admin/info/admin/users/country',
    { onRequest: read, schema: { tags, security, querystring: pageQuery, response: { 200: countryCounts, ...errors } } },
    async (request) => {
      const { items, total, users } = await adminUsers.perCountry(request.query.page, request.query.limit);
      return { items, total, users, links: pageLinksOfTotal(request, request.query.page, request.query.limit, total) };
    },
  );

  app.get(
    '/api/admin/info/admin/users/country/:code',
    {
      onRequest: read,
      schema: { tags, security, params: countryCodeParams, querystring: pageQuery, response: { 200: countryUsers, ...errors } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await adminUsers.ofCountry(request.params.code, page, limit);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );

  app.get(
    '/api/admin/users',
    { onRequest: read, schema: { tags, security, querystring: adminUserSearchQuery, response: { 200: adminUserSearchPage, ...errors } } },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await adminUsers.search(request.query);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );

  app.get(
    '/api/admin/users/:id',
    { onRequest: read, schema: { tags, security, params: idParams, response: { 200: adminUser, ...errors } } },
    async (request, reply) => {
      return answer(reply, await adminUsers.detail(request.params.id, now()));
    },
  );

  app.post(
    '/api/admin/users/:id/adjust',
    {
      onRequest: guard(tokens, 'admin.users.adjust'),
      schema: { tags, security, params: idParams, body: adjustRequest, response: { 200: adjustAnswer, ...errors } },
    },
    async (request, reply) => {
      return answer(reply, await adminUsers.adjust(actorOf(request), request.params.id, request.body, now()));
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: guard(tokens, 'admin.users.manage'),
      schema: { tags, security, params: idParams, body: userPatchRequest, response: { 200: userPatched, ...errors } },
    },
    async (request, reply) => {
      return answer(reply, await adminUsers.patch(actorOf(request), request.params.id, request.body, now()));
    },
  );

  // Bans (FEATURES.md §8): the service also closes the user's sockets and frees their waiting seats.
  app.post(
    '/api/admin/users/:id/ban',
    {
      onRequest: guard(tokens, 'admin.users.ban'),
      schema: { tags, security, params: idParams, body: banRequest, response: { 200: banState, ...errors } },
    },
    async (request, reply) => {
      return answer(reply, await adminUsers.ban(actorOf(request), request.params.id, request.body, now()));
    },
  );

  app.delete(
    '/api/admin/users/:id/ban',
    { onRequest: guard(tokens, 'admin.users.ban'), schema: { tags, security, params: idParams, response: { 200: banState, ...errors } } },
    async (request, reply) => {
      return answer(reply, await adminUsers.unban(actorOf(request), request.params.id, now()));
    },
  );
}

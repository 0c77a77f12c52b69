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
import { banUser, unbanUser, waitingRoomsOf } from '../admin/bans.js';
import { searchUsers } from '../admin/user-search.js';
import { adjustBalance, adminUserDetail, patchUser, usersOfCountry, usersPerCountry } from '../admin/users.js';
import { actorOf, guard, pageLinksOfTotal, security, type AdminContext } from './admin-guard.js';
import { mapResult } from '../shared/result.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
const tags = ['admin'];

/** FEATURES.md §5 users: counts by country, a country's users, one user's detail, adjustments, roles. */
export function registerAdminUserRoutes(root: FastifyInstance, { services, now }: AdminContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { store, tokens } = services;
  const read = guard(tokens, 'admin.users.read');

  app.get(
    '/api/admin/info/admin/users/country',
    { onRequest: read, schema: { tags, security, querystring: pageQuery, response: { 200: countryCounts, ...errors } } },
    async (request) => {
      const { items, total, users } = await usersPerCountry(store.db, request.query.page, request.query.limit);
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
      const { items, total } = await usersOfCountry(store.db, request.params.code, page, limit);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );

  app.get(
    '/api/admin/users',
    { onRequest: read, schema: { tags, security, querystring: adminUserSearchQuery, response: { 200: adminUserSearchPage, ...errors } } },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await searchUsers(store.db, request.query);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );

  app.get(
    '/api/admin/users/:id',
    { onRequest: read, schema: { tags, security, params: idParams, response: { 200: adminUser, ...errors } } },
    async (request, reply) => {
      return answer(reply, await adminUserDetail(store.db, request.params.id, now()));
    },
  );

  app.post(
    '/api/admin/users/:id/adjust',
    {
      onRequest: guard(tokens, 'admin.users.adjust'),
      schema: { tags, security, params: idParams, body: adjustRequest, response: { 200: adjustAnswer, ...errors } },
    },
    async (request, reply) => {
      return answer(reply, await adjustBalance(store, actorOf(request), request.params.id, request.body, now()));
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: guard(tokens, 'admin.users.manage'),
      schema: { tags, security, params: idParams, body: userPatchRequest, response: { 200: userPatched, ...errors } },
    },
    async (request, reply) => {
      const result = await patchUser(store, actorOf(request), request.params.id, request.body, now());
      if (result.ok && result.value.isRoleChange) await services.accounts.afterRevocation(request.params.id);
      return answer(
        reply,
        mapResult(result, (patched) => patched.user),
      );
    },
  );

  // Bans (FEATURES.md §8). After the ban commits: the user's sockets close on every node and their
  // seats in waiting rooms are freed, each room in its own transaction as a leave would be.
  app.post(
    '/api/admin/users/:id/ban',
    {
      onRequest: guard(tokens, 'admin.users.ban'),
      schema: { tags, security, params: idParams, body: banRequest, response: { 200: banState, ...errors } },
    },
    async (request, reply) => {
      const userId = request.params.id;
      const result = await banUser(store, actorOf(request), userId, request.body, now());
      if (result.ok) {
        await services.accounts.afterRevocation(userId);
        for (const roomId of await waitingRoomsOf(store.db, userId)) await services.rooms.games.leaveWaitingRoom(userId, roomId);
      }
      return answer(reply, result);
    },
  );

  app.delete(
    '/api/admin/users/:id/ban',
    { onRequest: guard(tokens, 'admin.users.ban'), schema: { tags, security, params: idParams, response: { 200: banState, ...errors } } },
    async (request, reply) => {
      return answer(reply, await unbanUser(store, actorOf(request), request.params.id, now()));
    },
  );
}

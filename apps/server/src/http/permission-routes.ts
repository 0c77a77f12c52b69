import { agentList, errorBody, pageQuery, permissionMe, usersByCountry } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permissionsOf } from '../permissions/permissions.js';
import { listAgents, usersPerCountry } from '../permissions/admin-queries.js';
import type { Services } from '../services.js';
import { authenticate, callerOf, requirePermission } from './auth-hooks.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/** GET /api/permission/me and the first admin routes, each guarded by a permission on the server. */
export function registerPermissionRoutes(root: FastifyInstance, services: Services): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = authenticate(services.tokens);
  const security = [{ bearer: [] }];

  app.get('/api/permission/me', { preHandler: signedIn, schema: { tags: ['permission'], security, response: { 200: permissionMe, ...errors } } }, async (request) => {
    const { roles } = callerOf(request);
    return { roles: [...roles], permissions: permissionsOf(roles) };
  });

  app.get(
    '/api/admin/info/admin/users/country',
    {
      preHandler: [signedIn, requirePermission('admin.users.read')],
      schema: { tags: ['admin'], security, querystring: pageQuery, response: { 200: usersByCountry, ...errors } },
    },
    async (request) => ({
      items: await usersPerCountry(services.store.db, request.query.page, request.query.limit),
      links: { next: null, previous: null },
    }),
  );

  app.get(
    '/api/admin/info/admin/agent',
    {
      preHandler: [signedIn, requirePermission('admin.agents.read')],
      schema: { tags: ['admin'], security, querystring: pageQuery, response: { 200: agentList, ...errors } },
    },
    async (request) => ({
      items: await listAgents(services.store.db, request.query.page, request.query.limit),
      links: { next: null, previous: null },
    }),
  );
}

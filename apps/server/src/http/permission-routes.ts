import { errorBody, permissionMe } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permissionsOf } from '../permissions/permissions.js';
import type { RouteContext } from './route-context.js';
import { authenticate, callerOf } from './auth-hooks.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/** GET /api/permission/me: the caller's roles and what they grant (the admin calls are in admin-*-routes.ts). */
export function registerPermissionRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/permission/me',
    {
      onRequest: authenticate(services.tokens),
      schema: { tags: ['permission'], security: [{ bearer: [] }], response: { 200: permissionMe, ...errors } },
    },
    async (request) => {
      const { roles } = callerOf(request);
      return { roles: [...roles], permissions: permissionsOf(roles) };
    },
  );
}

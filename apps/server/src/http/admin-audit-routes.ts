import { auditPage, auditQuery, errorBody } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guard, pageLinksOfTotal, security } from './admin-guard.js';
import type { RouteContext } from './route-context.js';

/** GET /api/admin/audit: the audit log, newest first, filtered by actor, action and resource. */
export function registerAdminAuditRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit',
    {
      onRequest: guard(services.tokens, 'admin.audit.read'),
      schema: { tags: ['admin'], security, querystring: auditQuery, response: { 200: auditPage, '4xx': errorBody, '5xx': errorBody } },
    },
    async (request) => {
      const { page, limit, actor, action, resource } = request.query;
      const { items, total } = await services.audit.list(page, limit, { actor, action, resource });
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );
}

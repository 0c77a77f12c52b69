import { adminReportPage, adminReportQuery, errorBody, idParams, reportResolved } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, guard, pageLinksOfTotal, security } from './admin-guard.js';
import type { RouteContext } from './route-context.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/**
 * GET /api/admin/reports: the players' reports, newest first, each with its table's chat;
 * POST /api/admin/reports/{id}/resolve: an admin closes one (FEATURES.md §17), audited.
 */
export function registerAdminReportRoutes(root: FastifyInstance, { services, now }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/reports',
    {
      onRequest: guard(services.tokens, 'admin.reports.read'),
      schema: { tags: ['admin'], security, querystring: adminReportQuery, response: { 200: adminReportPage, ...errors } },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const { items, total } = await services.reports.list(page, limit, status);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );
  app.post(
    '/api/admin/reports/:id/resolve',
    {
      onRequest: guard(services.tokens, 'admin.reports.resolve'),
      schema: { tags: ['admin'], security, params: idParams, response: { 200: reportResolved, ...errors } },
    },
    async (request, reply) => answer(reply, await services.reports.resolve(actorOf(request), request.params.id, now())),
  );
}

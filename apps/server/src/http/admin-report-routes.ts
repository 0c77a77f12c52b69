import { adminReportPage, errorBody, pageQuery } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listReports } from '../chat/report-service.js';
import { guard, pageLinksOfTotal, security, type AdminContext } from './admin-guard.js';

/** GET /api/admin/reports: the players' reports, newest first, each with its table's chat. */
export function registerAdminReportRoutes(root: FastifyInstance, { services }: AdminContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/reports',
    {
      onRequest: guard(services.tokens, 'admin.reports.read'),
      schema: { tags: ['admin'], security, querystring: pageQuery, response: { 200: adminReportPage, '4xx': errorBody, '5xx': errorBody } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listReports(services.store.db, page, limit);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { registerAdminAgentRoutes } from './admin-agent-routes.js';
import { registerAdminAuditRoutes } from './admin-audit-routes.js';
import { registerAdminReportRoutes } from './admin-report-routes.js';
import { registerAdminIntegrityRoutes } from './admin-integrity-routes.js';
import { registerAdminPromoRoutes } from './admin-promo-routes.js';
import { registerAdminUserRoutes } from './admin-user-routes.js';
import { registerBannerRoutes } from './banner-routes.js';
import type { RouteContext } from './route-context.js';

/** The admin area's calls (FEATURES.md §5) and the players' banner list, each guarded on the server. */
export function registerAdminRoutes(app: FastifyInstance, context: RouteContext): void {
  registerAdminUserRoutes(app, context);
  registerAdminIntegrityRoutes(app, context);
  registerAdminAgentRoutes(app, context);
  registerBannerRoutes(app, context);
  registerAdminAuditRoutes(app, context);
  registerAdminReportRoutes(app, context);
  registerAdminPromoRoutes(app, context);
}

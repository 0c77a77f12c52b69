import {
  agentChildren as agentChildrenAnswer,
  agentFigures as agentFiguresAnswer,
  agentListQuery,
  agentRows,
  errorBody,
  idParams,
  pageQuery,
} from '@durak/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf, type TreeScope } from '../admin/agents.js';
import { hasPermission } from '../permissions/permissions.js';
import { guard, pageLinksOfTotal, security } from './admin-guard.js';
import type { RouteContext } from './route-context.js';
import { callerOf } from './auth-hooks.js';
import { sendFailure } from './errors.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
const tags = ['admin'];

/** FEATURES.md §5 agents: an admin reads the whole tree, an agent only itself and its downline. */
export function registerAdminAgentRoutes(root: FastifyInstance, { services, now }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { agents } = services;
  const tree = guard(services.tokens, 'admin.agents.read', 'agent.tree.read');
  const scope = (request: FastifyRequest): TreeScope => {
    const caller = callerOf(request);
    return scopeOf(caller, hasPermission(caller.roles, 'admin.agents.read'));
  };
  const outside = (id: number) => ({
    code: 'auth/forbidden' as const,
    message: 'This user is outside your part of the tree',
    details: { id },
  });

  app.get(
    '/api/admin/info/admin/agent',
    { onRequest: tree, schema: { tags, security, querystring: agentListQuery, response: { 200: agentRows, ...errors } } },
    async (request) => {
      const { items, total } = await agents.list(scope(request), request.query);
      return { items, total, links: pageLinksOfTotal(request, request.query.page, request.query.limit, total) };
    },
  );

  app.get(
    '/api/admin/info/admin/agent/:id',
    { onRequest: tree, schema: { tags, security, params: idParams, response: { 200: agentFiguresAnswer, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await agents.isInScope(scope(request), id))) return sendFailure(reply, outside(id));
      const figures = await agents.figures(id, now());
      if (!figures) return sendFailure(reply, { code: 'agent/not_found', message: `User ${id} is not an agent`, details: { id } });
      return figures;
    },
  );

  app.get(
    '/api/admin/info/admin/agent/children/:id',
    {
      onRequest: tree,
      schema: { tags, security, params: idParams, querystring: pageQuery, response: { 200: agentChildrenAnswer, ...errors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await agents.isInScope(scope(request), id))) return sendFailure(reply, outside(id));
      const { page, limit } = request.query;
      const { items, total } = await agents.children(id, page, limit);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );
}

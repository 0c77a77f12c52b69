import { errorBody, idParams, integrityCaseDetail, integrityCasePage, integrityCaseQuery, integrityConfirmRequest } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failure } from '../shared/result.js';
import { actorOf, guard, pageLinksOfTotal, security } from './admin-guard.js';
import type { RouteContext } from './route-context.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
const tags = ['admin'];

/**
 * Fair play (FEATURES.md §12): the integrity cases, their evidence, and freeze, dismiss and confirm
 * (by a second admin), each audited with the reason in `X-Audit-Reason`.
 */
export function registerAdminIntegrityRoutes(root: FastifyInstance, { services, now }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { tokens, integrity } = services;
  const manage = guard(tokens, 'admin.integrity.manage');

  app.get(
    '/api/admin/integrity/cases',
    { onRequest: manage, schema: { tags, security, querystring: integrityCaseQuery, response: { 200: integrityCasePage, ...errors } } },
    async (request) => {
      const { status, page, limit } = request.query;
      const { items, total } = await integrity.list(status, page, limit);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );

  app.get(
    '/api/admin/integrity/cases/:id',
    { onRequest: manage, schema: { tags, security, params: idParams, response: { 200: integrityCaseDetail, ...errors } } },
    async (request, reply) => {
      const found = await integrity.read(request.params.id);
      const result = found
        ? ({ ok: true, value: found } as const)
        : failure('integrity/case_not_found', `No integrity case ${request.params.id}`, { id: request.params.id });
      return answer(reply, result);
    },
  );

  app.post(
    '/api/admin/integrity/cases/:id/freeze',
    { onRequest: manage, schema: { tags, security, params: idParams, response: { 200: integrityCaseDetail, ...errors } } },
    async (request, reply) => answer(reply, await integrity.freeze(actorOf(request), request.params.id, now())),
  );

  app.post(
    '/api/admin/integrity/cases/:id/dismiss',
    { onRequest: manage, schema: { tags, security, params: idParams, response: { 200: integrityCaseDetail, ...errors } } },
    async (request, reply) => answer(reply, await integrity.dismiss(actorOf(request), request.params.id, now())),
  );

  app.post(
    '/api/admin/integrity/cases/:id/confirm',
    {
      onRequest: manage,
      schema: { tags, security, params: idParams, body: integrityConfirmRequest, response: { 200: integrityCaseDetail, ...errors } },
    },
    async (request, reply) => answer(reply, await integrity.confirm(actorOf(request), request.params.id, request.body.action, now())),
  );
}

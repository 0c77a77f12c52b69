import {
  adminPromoCode,
  adminPromoCodePage,
  createPromoCodeBody,
  errorBody,
  idParams,
  pageQuery,
  promoCodePatch,
  promoCodeUsePage,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, guard, pageLinksOfTotal, security } from './admin-guard.js';
import type { RouteContext } from './route-context.js';
import { mapResult } from '../shared/result.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
const tags = ['admin'];

/** Promo codes for operators (FEATURES.md §2 and §9): list, create, switch off, and who used one. */
export function registerAdminPromoRoutes(root: FastifyInstance, { services, now }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { promoAdmin, tokens } = services;
  const manage = guard(tokens, 'admin.promocodes.manage');

  app.post(
    '/api/admin/promocodes',
    { onRequest: manage, schema: { tags, security, body: createPromoCodeBody, response: { 201: adminPromoCode, ...errors } } },
    async (request, reply) => {
      const { code, amount, wallet_type, max_uses, expires_at } = request.body;
      const created = await promoAdmin.create(
        actorOf(request),
        { code, amount, walletType: wallet_type, maxUses: max_uses, expiresAt: expires_at ? new Date(expires_at) : null },
        now(),
      );
      return answer(reply, created, 201);
    },
  );

  app.get(
    '/api/admin/promocodes',
    { onRequest: manage, schema: { tags, security, querystring: pageQuery, response: { 200: adminPromoCodePage, ...errors } } },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await promoAdmin.list(page, limit);
      return { items, total, links: pageLinksOfTotal(request, page, limit, total) };
    },
  );

  app.patch(
    '/api/admin/promocodes/:id',
    { onRequest: manage, schema: { tags, security, params: idParams, body: promoCodePatch, response: { 200: adminPromoCode, ...errors } } },
    async (request, reply) => {
      return answer(reply, await promoAdmin.setActive(actorOf(request), request.params.id, request.body.is_active, now()));
    },
  );

  app.get(
    '/api/admin/promocodes/:id/uses',
    {
      onRequest: manage,
      schema: { tags, security, params: idParams, querystring: pageQuery, response: { 200: promoCodeUsePage, ...errors } },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const uses = await promoAdmin.usesOf(request.params.id, page, limit);
      return answer(
        reply,
        mapResult(uses, (found) => ({ ...found, links: pageLinksOfTotal(request, page, limit, found.total) })),
      );
    },
  );
}

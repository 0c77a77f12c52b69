import {
  banditSeedAnswer,
  errorBody,
  pageQuery,
  pastSpinList,
  paytableAnswer,
  rotateSeedAnswer,
  setClientSeedBody,
  spinAnswer,
  spinBody,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { answer, pageLinks } from './paging.js';

const errors = { '4xx': errorBody };

/** The slot machine (FEATURES.md §4): the paytable, the player's seeds, spins and their history. */
export function registerBanditRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { bandit } = services;
  const base = { onRequest: authenticate(services.tokens) };
  const tags = ['bandit'];
  const security = [{ bearer: [] }];

  app.get('/api/v1/bandit/paytable', { ...base, schema: { tags, security, response: { 200: paytableAnswer, ...errors } } }, async () =>
    bandit.paytable(),
  );

  app.get('/api/v1/bandit/seed', { ...base, schema: { tags, security, response: { 200: banditSeedAnswer, ...errors } } }, async (request) =>
    bandit.seed(callerOf(request).id),
  );

  app.put(
    '/api/v1/bandit/seed',
    { ...base, schema: { tags, security, body: setClientSeedBody, response: { 200: banditSeedAnswer, ...errors } } },
    async (request) => bandit.setClientSeed(callerOf(request).id, request.body.client_seed),
  );

  app.post(
    '/api/v1/bandit/seed/rotate',
    { ...base, schema: { tags, security, response: { 200: rotateSeedAnswer, ...errors } } },
    async (request) => bandit.rotateSeed(callerOf(request).id),
  );

  app.post(
    '/api/v1/bandit/spin',
    { ...base, schema: { tags, security, body: spinBody, response: { 200: spinAnswer, ...errors } } },
    async (request, reply) => {
      return answer(reply, await bandit.spin(callerOf(request).id, request.body));
    },
  );

  app.get(
    '/api/v1/bandit/spins',
    { ...base, schema: { tags, security, querystring: pageQuery, response: { 200: pastSpinList, ...errors } } },
    async (request) => {
      const { items, hasNext } = await bandit.spins(callerOf(request).id, request.query.page, request.query.limit);
      return { items, links: pageLinks(request, request.query.page, hasNext) };
    },
  );
}

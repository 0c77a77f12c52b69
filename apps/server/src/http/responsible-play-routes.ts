import {
  ageConfirmationBody,
  errorBody,
  idParams,
  limitsAnswer,
  limitsChange,
  realityCheckAnswerBody,
  selfExclusionBody,
  timeoutBody,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { ok } from '../shared/result.js';
import { guard } from './admin-guard.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/** Responsible play (FEATURES.md §13): the player's own limits, break, self-exclusion, age and reality check. */
export function registerResponsiblePlayRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { tokens, responsible } = services;
  const base = { onRequest: authenticate(tokens) };
  const tags = ['responsible play'];
  const security = [{ bearer: [] }];
  const answers = { 200: limitsAnswer, ...errors };

  app.get('/api/user/limits', { ...base, schema: { tags, security, response: answers } }, async (request, reply) =>
    answer(reply, ok(await responsible.limits(callerOf(request).id))),
  );
  app.put('/api/user/limits', { ...base, schema: { tags, security, body: limitsChange, response: answers } }, async (request, reply) =>
    answer(reply, await responsible.changeLimits(callerOf(request).id, request.body)),
  );
  app.post('/api/user/timeout', { ...base, schema: { tags, security, body: timeoutBody, response: answers } }, async (request, reply) =>
    answer(reply, await responsible.takeBreak(callerOf(request).id, request.body.days)),
  );
  app.post(
    '/api/user/self-exclusion',
    { ...base, schema: { tags, security, body: selfExclusionBody, response: answers } },
    async (request, reply) => answer(reply, await responsible.selfExclude(callerOf(request).id, request.body.months)),
  );
  app.post(
    '/api/user/age-confirmation',
    { ...base, schema: { tags, security, body: ageConfirmationBody, response: answers } },
    async (request, reply) => answer(reply, await responsible.confirmAge(callerOf(request).id, request.body.birth_date)),
  );
  app.post(
    '/api/user/reality-check',
    { ...base, schema: { tags, security, body: realityCheckAnswerBody, response: answers } },
    async (request, reply) => answer(reply, ok(await responsible.answerRealityCheck(callerOf(request).id, request.body.choice))),
  );
  // The admin user page shows a player's limits, break and self-exclusion read-only: no call
  // anywhere ends them early (FEATURES.md §13).
  app.get(
    '/api/admin/users/:id/responsible-play',
    {
      onRequest: guard(tokens, 'admin.users.read'),
      schema: { tags, security, params: idParams, response: answers },
    },
    async (request, reply) => answer(reply, await responsible.adminView(request.params.id)),
  );
}

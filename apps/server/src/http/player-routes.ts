import {
  career,
  errorBody,
  pageQuery,
  playerGameList,
  ratingList,
  ratingQuery,
  referralList,
  videoCountAnswer,
  videoCountQuery,
  videoViewAnswer,
  videoViewBody,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { pageLinks } from './paging.js';
import { installJsonBodyParser } from './json-body.js';
import { authenticate, callerOf } from './auth-hooks.js';

const errors = { '4xx': errorBody };

/** The player's pages (FEATURES.md §3): rating, career, games, referrals, the video counter. */
export function registerPlayerRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { players } = services;
  const base = { onRequest: authenticate(services.tokens) };
  const security = [{ bearer: [] }];
  const tags = ['players'];

  app.get(
    '/api/v1/player/rating',
    { ...base, schema: { tags, security, querystring: ratingQuery, response: { 200: ratingList, ...errors } } },
    async (request) => {
      const { items, hasNext, me } = await players.rating(request.query, callerOf(request).id);
      return { items, links: pageLinks(request, request.query.page, hasNext), me };
    },
  );
  app.get('/api/v1/player/career', { ...base, schema: { tags, security, response: { 200: career, ...errors } } }, async (request) =>
    players.career(callerOf(request).id),
  );
  app.get(
    '/api/v1/player/games',
    { ...base, schema: { tags, security, querystring: pageQuery, response: { 200: playerGameList, ...errors } } },
    async (request) => {
      const { items, hasNext } = await players.games(callerOf(request).id, request.query.page, request.query.limit);
      return { items, links: pageLinks(request, request.query.page, hasNext) };
    },
  );
  app.get(
    '/api/user/referrals',
    { ...base, schema: { tags: ['user'], security, querystring: pageQuery, response: { 200: referralList, ...errors } } },
    async (request) => {
      const { items, hasNext, invitedBy } = await players.referrals(callerOf(request).id, request.query.page, request.query.limit);
      return {
        items,
        links: pageLinks(request, request.query.page, hasNext),
        invited_by: invitedBy,
        bonus: players.referralBonus.toString(),
      };
    },
  );
  // SPEC shows `POST /api/video/view` with no body. A client that still says `application/json`
  // with nothing after it (axios, fetch with a default header) is counted too, for this call
  // only: elsewhere an empty JSON body stays a 400.
  void app.register(async (scope) => {
    installJsonBodyParser(scope, { isEmptyAllowed: true });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/video/view',
        { ...base, schema: { tags: ['video'], security, body: videoViewBody.nullish(), response: { 200: videoViewAnswer, ...errors } } },
        async (request) => players.viewVideo(callerOf(request).id, request.body?.video_id ?? 'main'),
      );
  });
  app.get(
    '/api/video/count',
    { ...base, schema: { tags: ['video'], security, querystring: videoCountQuery, response: { 200: videoCountAnswer, ...errors } } },
    async (request) => players.videoCount(request.query.video_id),
  );
}

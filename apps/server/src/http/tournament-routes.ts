import {
  adminTournamentInfo,
  arenaStandingList,
  standingsQuery,
  createTournamentBody,
  errorBody,
  payoutPresetList,
  payoutStructure as payoutStructureAnswer,
  pinBody,
  placeInfo,
  placeInfoQuery,
  prizeDistribution as prizeDistributionAnswer,
  tournament,
  tournamentDetail,
  tournamentPauseAnswer,
  tournamentIdBody,
  tournamentIdParams,
  tournamentList,
  tournamentListQuery,
  tournamentPlayerList,
  tournamentRoomList,
  tournamentRoomsQuery,
  tournamentSeat,
} from '@durak/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from './route-context.js';
import { mapResult } from '../shared/result.js';
import { answer, pageLinks } from './paging.js';
import { actorOf, guard, guardUnless } from './admin-guard.js';
import { authenticate, callerOf } from './auth-hooks.js';

const errors = { '4xx': errorBody };

/** Tournaments and their payouts (FEATURES.md §1): 13 tournament calls, 3 payout calls, 2 admin calls. */
export function registerTournamentRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { tokens, tournaments: service } = services;
  const signedIn = authenticate(tokens);
  // onRequest: the permission is checked before the body is read, so a player never sees the admin form's rules.
  const manage = guard(tokens, 'admin.tournaments.manage');
  const tags = ['tournaments'];
  const security = [{ bearer: [] }];

  for (const path of ['/api/v1/tournament/', '/api/v1/tournament']) {
    app.post(
      path,
      { onRequest: manage, schema: { tags, security, body: createTournamentBody, response: { 201: tournament, ...errors } } },
      async (request, reply) => answer(reply, await service.create(actorOf(request), request.body), 201),
    );
    app.get(
      path,
      { onRequest: signedIn, schema: { tags, security, querystring: tournamentListQuery, response: { 200: tournamentList, ...errors } } },
      async (request) => {
        const { items, hasNext } = await service.list(request.query);
        return { items, links: pageLinks(request, request.query.page, hasNext) };
      },
    );
  }

  app.post(
    '/api/v1/tournament/registration',
    { onRequest: signedIn, schema: { tags, security, body: tournamentIdBody, response: { 200: tournamentDetail, ...errors } } },
    async (request, reply) => answer(reply, await service.register(callerOf(request).id, request.body.tournament_id)),
  );
  app.post(
    '/api/v1/tournament/cancel',
    { onRequest: signedIn, schema: { tags, security, body: tournamentIdBody, response: { 200: tournamentDetail, ...errors } } },
    async (request, reply) => answer(reply, await service.cancelRegistration(callerOf(request).id, request.body.tournament_id)),
  );
  app.delete(
    '/api/v1/tournament/delete',
    { onRequest: manage, schema: { tags, security, body: tournamentIdBody, response: { 200: tournament, ...errors } } },
    async (request, reply) => answer(reply, await service.deleteTournament(actorOf(request), request.body.tournament_id)),
  );
  app.patch(
    '/api/v1/tournament/update/:id/is_pinned',
    { onRequest: manage, schema: { tags, security, params: tournamentIdParams, body: pinBody, response: { 200: tournament, ...errors } } },
    async (request, reply) => answer(reply, await service.setPinned(actorOf(request), request.params.id, request.body.is_pinned)),
  );
  // A static path: Fastify matches it before `:id`, which would refuse "seat" as a number.
  app.get(
    '/api/v1/tournament/seat',
    { onRequest: signedIn, schema: { tags, security, response: { 200: tournamentSeat, ...errors } } },
    async (request) => service.seat(callerOf(request).id),
  );
  app.get(
    '/api/v1/tournament/:id',
    { onRequest: signedIn, schema: { tags, security, params: tournamentIdParams, response: { 200: tournamentDetail, ...errors } } },
    async (request, reply) => answer(reply, await service.get(callerOf(request).id, request.params.id)),
  );
  app.get(
    '/api/v1/tournament/:id/players',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        params: tournamentIdParams,
        querystring: tournamentListQuery.pick({ page: true, limit: true }),
        response: { 200: tournamentPlayerList, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.players(request.params.id, request.query.page, request.query.limit);
      return answer(
        reply,
        mapResult(result, ({ items, hasNext }) => ({ items, links: pageLinks(request, request.query.page, hasNext) })),
      );
    },
  );
  app.get(
    '/api/v1/tournament/:id/rooms',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        params: tournamentIdParams,
        querystring: tournamentRoomsQuery,
        response: { 200: tournamentRoomList, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.rooms(request.params.id, request.query);
      return answer(
        reply,
        mapResult(result, ({ items, hasNext }) => ({ items, links: pageLinks(request, request.query.page, hasNext) })),
      );
    },
  );
  app.post(
    '/api/v1/tournament/:id/rebuy',
    { onRequest: signedIn, schema: { tags, security, params: tournamentIdParams, response: { 200: tournamentDetail, ...errors } } },
    async (request, reply) => answer(reply, await service.rebuy(callerOf(request).id, request.params.id)),
  );
  // In an arena a registered player pauses themselves (out of the pairing); anyone else needs the
  // admin's permission, and pauses the whole tournament (FEATURES.md §15).
  const arenaPlayer = async (request: FastifyRequest) => {
    const id = Number((request.params as { id?: string }).id);
    return Number.isSafeInteger(id) && id > 0 && service.isArenaPlayer(callerOf(request).id, id);
  };
  app.post(
    '/api/v1/tournament/:id/pause',
    {
      onRequest: guardUnless(tokens, 'admin.tournaments.manage', arenaPlayer),
      schema: { tags, security, params: tournamentIdParams, response: { 200: tournamentPauseAnswer, ...errors } },
    },
    async (request, reply) => {
      const id = request.params.id;
      const caller = callerOf(request);
      if (await service.isArenaPlayer(caller.id, id)) return answer(reply, await service.pausePlayer(caller.id, id));
      return answer(reply, await service.pause(actorOf(request), id));
    },
  );
  app.post(
    '/api/v1/tournament/:id/join',
    { onRequest: signedIn, schema: { tags, security, params: tournamentIdParams, response: { 200: tournamentDetail, ...errors } } },
    async (request, reply) => answer(reply, await service.join(callerOf(request).id, request.params.id)),
  );
  app.get(
    '/api/v1/tournament/:id/standings',
    {
      onRequest: signedIn,
      schema: { tags, security, params: tournamentIdParams, querystring: standingsQuery, response: { 200: arenaStandingList, ...errors } },
    },
    async (request, reply) => {
      const result = await service.standings(request.params.id, request.query.page, request.query.limit);
      return answer(
        reply,
        mapResult(result, ({ items, hasNext }) => ({ items, links: pageLinks(request, request.query.page, hasNext) })),
      );
    },
  );
  app.post(
    '/api/v1/tournament/:id/continue',
    { onRequest: manage, schema: { tags, security, params: tournamentIdParams, response: { 200: tournament, ...errors } } },
    async (request, reply) => answer(reply, await service.resume(actorOf(request), request.params.id)),
  );

  const payoutTags = ['payouts'];
  app.get(
    '/api/v1/payout/tournament/presets',
    { onRequest: signedIn, schema: { tags: payoutTags, security, response: { 200: payoutPresetList, ...errors } } },
    async () => ({
      items: (await service.presets()).map((p) => ({ id: p.id, name: p.name, places: [...p.places] })),
    }),
  );
  app.get(
    '/api/v1/payout/tournament/:id/payout-structure',
    {
      onRequest: signedIn,
      schema: { tags: payoutTags, security, params: tournamentIdParams, response: { 200: payoutStructureAnswer, ...errors } },
    },
    async (request, reply) => {
      const payouts = await service.payouts(request.params.id);
      return answer(
        reply,
        mapResult(payouts, ({ structure }) => ({ items: structure })),
      );
    },
  );
  app.get(
    '/api/v1/payout/tournament/:id/prize-distribution',
    {
      onRequest: signedIn,
      schema: { tags: payoutTags, security, params: tournamentIdParams, response: { 200: prizeDistributionAnswer, ...errors } },
    },
    async (request, reply) => {
      const payouts = await service.payouts(request.params.id);
      return answer(
        reply,
        mapResult(payouts, ({ pool, prizes }) => ({
          pool: pool.toString(),
          items: prizes.map((i) => ({ place: i.place, amount: i.amount.toString() })),
        })),
      );
    },
  );

  app.get(
    '/api/v1/admin/tournament/info',
    {
      onRequest: manage,
      schema: { tags: ['admin'], security, querystring: tournamentListQuery, response: { 200: adminTournamentInfo, ...errors } },
    },
    async (request) => {
      const { items, hasNext } = await service.admin.info(request.query);
      return { items, links: pageLinks(request, request.query.page, hasNext) };
    },
  );
  app.get(
    '/api/v1/admin/tournament/:id/place/info',
    {
      onRequest: manage,
      schema: {
        tags: ['admin'],
        security,
        params: tournamentIdParams,
        querystring: placeInfoQuery,
        response: { 200: placeInfo, ...errors },
      },
    },
    async (request, reply) => {
      const places = await service.places(request.params.id, request.query.place);
      return answer(
        reply,
        mapResult(places, (items) => ({ items, links: pageLinks(request, 1, false) })),
      );
    },
  );
}

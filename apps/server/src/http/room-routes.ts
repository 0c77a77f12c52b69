import {
  actionAnswer,
  attackBody,
  autoplayAnswer,
  autoplayBody,
  catchBody,
  createRoomBody,
  defenceBody,
  emojiMessage,
  emptyActionBody,
  errorBody,
  gameRecord,
  gameView,
  handAnswer,
  presenceConnectAnswer,
  room,
  roomIdParams,
  roomList,
  roomListQuery,
  roomWatchHeaders,
  seatAnswer,
  seatBody,
  sendEmojiBody,
  transferBody,
  type RoomId,
  watchState,
} from '@durak/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerMove } from '../games/game-service.js';
import { hasPermission } from '../permissions/permissions.js';
import { createActionLimiter } from '../rooms/action-limiter.js';
import { failure, type Result } from '../shared/result.js';
import type { RouteContext } from './route-context.js';
import { answer, pageLinks } from './paging.js';
import { authenticate, callerOf } from './auth-hooks.js';

const errors = { '4xx': errorBody };

/** Who asks for a room: a private room's players are shown to its players, invited friends and admins. */
const viewerOf = (request: FastifyRequest) => {
  const caller = callerOf(request);
  return { id: caller.id, isAdmin: hasPermission(caller.roles, 'admin.access') };
};

/** The game API (SPEC §7, DESIGN.md §7): rooms, seats, actions, views, records, presence, emoji. */
export function registerRoomRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const module = services.rooms;
  const base = { onRequest: authenticate(services.tokens) };
  const tags = ['rooms'];
  const security = [{ bearer: [] }];

  for (const path of ['/api/v1/rooms/', '/api/v1/rooms']) {
    app.post(
      path,
      { ...base, schema: { tags, security, body: createRoomBody, response: { 201: room, ...errors } } },
      async (request, reply) => answer(reply, await module.rooms.create(callerOf(request).id, request.body), 201),
    );
    app.get(
      path,
      { ...base, schema: { tags, security, querystring: roomListQuery, response: { 200: roomList, ...errors } } },
      async (request) => {
        const { items, hasNext } = await module.rooms.list(request.query);
        const viewer = viewerOf(request);
        const shown = await Promise.all(items.map((item) => module.forViewer(item, viewer)));
        return { items: shown, links: pageLinks(request, request.query.page, hasNext) };
      },
    );
  }

  app.get(
    '/api/v1/rooms/:id',
    { ...base, schema: { tags, security, params: roomIdParams, response: { 200: room, ...errors } } },
    async (request, reply) => {
      const found = await module.rooms.get(request.params.id);
      if (!found.ok) return answer(reply, found);
      return module.forViewer(found.value, viewerOf(request));
    },
  );

  app.post(
    '/api/v1/rooms/:id/seat',
    { ...base, schema: { tags, security, params: roomIdParams, body: seatBody, response: { 200: seatAnswer, ...errors } } },
    async (request, reply) => answer(reply, await module.rooms.seat(callerOf(request).id, request.params.id, request.body ?? {})),
  );

  // FEATURES.md §6: a finished room's rematch, one per finished room; 201 for the room it seats the caller in.
  app.post(
    '/api/v1/rooms/:id/rematch',
    { ...base, schema: { tags, security, params: roomIdParams, response: { 201: seatAnswer, ...errors } } },
    async (request, reply) => answer(reply, await module.rooms.rematch(callerOf(request).id, request.params.id), 201),
  );

  app.post(
    '/api/v1/rooms/:id/ready',
    { ...base, schema: { tags, security, params: roomIdParams, response: { 200: room, ...errors } } },
    async (request, reply) => answer(reply, await module.rooms.ready(callerOf(request).id, request.params.id)),
  );

  const limiter = createActionLimiter(module.config.actionsPerSecond, module.limits);
  const act = async (request: FastifyRequest & { params: { id: RoomId } }, move: PlayerMove, seq: number | undefined) => {
    const userId = callerOf(request).id;
    if (await limiter.isLimited(userId)) return failure('request/rate_limited', 'Too many actions, slow down');
    return module.games.act(userId, request.params.id, move, seq);
  };
  const actionSchema = <B extends z.ZodType>(body: B) => ({
    ...base,
    schema: { tags, security, params: roomIdParams, body, response: { 200: actionAnswer, ...errors } },
  });

  app.post('/api/v1/rooms/:id/attack', actionSchema(attackBody), async (request, reply) =>
    answer(reply, await act(request, { type: 'attack', cards: request.body.cards }, request.body.seq)),
  );
  app.post('/api/v1/rooms/:id/defence', actionSchema(defenceBody), async (request, reply) =>
    answer(reply, await act(request, { type: 'defence', slot_id: request.body.slot_id, card: request.body.card }, request.body.seq)),
  );
  app.post('/api/v1/rooms/:id/transfer', actionSchema(transferBody), async (request, reply) =>
    answer(reply, await act(request, { type: 'transfer', card: request.body.card }, request.body.seq)),
  );
  app.post('/api/v1/rooms/:id/catch', actionSchema(catchBody), async (request, reply) =>
    answer(reply, await act(request, { type: 'catch', slot_id: request.body.slot_id }, request.body.seq)),
  );
  for (const type of ['beat', 'take', 'surrender'] as const) {
    app.post(`/api/v1/rooms/:id/${type}`, actionSchema(emptyActionBody), async (request, reply) =>
      answer(reply, await act(request, { type }, request.body?.seq)),
    );
  }
  app.post('/api/v1/rooms/:id/leave', actionSchema(emptyActionBody), async (request, reply) =>
    answer(reply, await module.games.leave(callerOf(request).id, request.params.id)),
  );

  // FEATURES.md §11: hand the seat to the computer on purpose, or take it back ("I'm back").
  app.post(
    '/api/v1/rooms/:id/autoplay',
    { ...base, schema: { tags, security, params: roomIdParams, body: autoplayBody, response: { 200: autoplayAnswer, ...errors } } },
    async (request, reply) => answer(reply, await module.games.autoplay(callerOf(request).id, request.params.id, request.body.on)),
  );

  // A private room's table is for its players and those who know the password (docs/decisions.md).
  const read = <A extends z.ZodType>(answer: A) => ({
    ...base,
    schema: { tags, security, params: roomIdParams, headers: roomWatchHeaders, response: { 200: answer, ...errors } },
  });
  type ReadRequest = FastifyRequest & { params: { id: RoomId }; headers: { 'x-room-password'?: string | undefined } };
  const whenAllowed = async <T>(request: ReadRequest, then: () => Promise<Result<T>>): Promise<Result<T>> => {
    const allowed = await module.rooms.canWatch(callerOf(request).id, request.params.id, request.headers['x-room-password']);
    return allowed.ok ? then() : allowed;
  };
  app.get('/api/v1/rooms/:id/watch', read(watchState), async (request, reply) =>
    answer(reply, await whenAllowed(request, () => module.games.watch(request.params.id))),
  );
  app.get('/api/v1/rooms/:id/view', read(gameView), async (request, reply) =>
    answer(reply, await whenAllowed(request, () => module.games.view(callerOf(request).id, request.params.id))),
  );
  app.get('/api/v1/rooms/:id/record', read(gameRecord), async (request, reply) =>
    answer(reply, await whenAllowed(request, () => module.games.record(request.params.id))),
  );
  app.get(
    '/api/v1/rooms/:id/cards',
    { ...base, schema: { tags, security, params: roomIdParams, response: { 200: handAnswer, ...errors } } },
    async (request, reply) => answer(reply, await module.games.cards(callerOf(request).id, request.params.id)),
  );

  app.post(
    '/api/v1/presence/connect',
    { ...base, schema: { tags: ['realtime'], security, response: { 200: presenceConnectAnswer, ...errors } } },
    async (request) => {
      // The connection token is the caller's own access token (DESIGN.md §6).
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      return { url: '/connection/websocket', token };
    },
  );

  for (const path of ['/api/v1/send-emoji/:id/', '/api/v1/send-emoji/:id']) {
    app.post(
      path,
      {
        ...base,
        schema: { tags: ['emoji'], security, params: roomIdParams, body: sendEmojiBody, response: { 200: emojiMessage, ...errors } },
      },
      async (request, reply) => answer(reply, await module.emoji.send(callerOf(request).id, request.params.id, request.body)),
    );
  }
}

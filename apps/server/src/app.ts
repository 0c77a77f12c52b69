import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { WalletType } from '@durak/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccountsService } from './accounts/accounts-service.js';
import { createPasswordHasher } from './accounts/passwords.js';
import { createTokenVersionReader } from './accounts/revocation.js';
import { createTokenService, loadOrCreateSecret } from './accounts/tokens.js';
import { backfillUsernameSkeletons } from './accounts/username-skeleton.js';
import { createAvatarService } from './avatars/avatars-service.js';
import { createBanditService } from './bandit/bandit-service.js';
import { seedDatabase, type SeedResult } from './catalogue/seed.js';
import { createEconomy } from './economy/economy-module.js';
import { seedEconomy } from './economy/seed.js';
import type { Config } from './config.js';
import { registerAdminRoutes } from './http/admin-routes.js';
import { registerAssetRoutes } from './http/asset-routes.js';
import { registerBanditRoutes } from './http/bandit-routes.js';
import { registerCatalogueRoutes } from './http/catalogue-routes.js';
import { registerChatRoutes } from './http/chat-routes.js';
import { registerEconomyRoutes } from './http/economy-routes.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling, notFound } from './http/errors.js';
import { installJsonBodyParser } from './http/json-body.js';
import { recordGuardedRoutes } from './http/admin-guard.js';
import { recordRoutes } from './http/answer-schemas.js';
import { registerFriendRoutes } from './http/friend-routes.js';
import { createFriendsModule } from './friends/friends-module.js';
import { installRequestMetrics } from './http/metrics.js';
import { createMetrics } from './shared/metrics.js';
import { registerPermissionRoutes } from './http/permission-routes.js';
import { registerRoomRoutes } from './http/room-routes.js';
import { registerSystemRoutes } from './http/system-routes.js';
import { registerPlayerRoutes } from './http/player-routes.js';
import { registerReplayRoutes } from './http/replay-routes.js';
import { createReplayService } from './replays/replay-service.js';
import { registerTournamentRoutes } from './http/tournament-routes.js';
import { createPlayersService } from './players/players-service.js';
import { recordGameForAgents } from './admin/agent-rollups.js';
import { recordFinishedGame } from './players/record-game.js';
import { recordSignIn } from './integrity/linked-accounts.js';
import { queueIntegrityScan, scanDue } from './integrity/scan.js';
import { createCaseActions } from './integrity/cases-actions.js';
import { hardChoiceOf } from './integrity/scan-facts.js';
import { isPracticeRoom } from './practice/practice-room.js';
import { registerUserRoutes } from './http/user-routes.js';
import { registerResponsiblePlayRoutes } from './http/responsible-play-routes.js';
import { createResponsiblePlay } from './responsible-play/responsible-service.js';
import { createStakeGuard } from './responsible-play/stake-guard.js';
import { registerWebStatic } from './http/web-static.js';
import type { RegisterRoutes, RouteContext } from './http/route-context.js';
import { recordSignedInRoutes } from './http/auth-hooks.js';
import { createRealtime } from './rooms/realtime-wiring.js';
import { createSharedLimits } from './limits/index.js';
import { createRoomsModule } from './rooms/rooms-module.js';
import { roomPresenceVisibility } from './rooms/room-privacy.js';
import { roomChannelRule } from './rooms/room-access.js';
import { createDomainServices, type Services } from './services.js';
import { createBackgroundLane } from './shared/background-lane.js';
import { createBotThinker } from './bots/bot-thinker.js';
import { createSweeper } from './shared/sweeper.js';
import { createStore, type Store } from './store/db.js';
import { createPublisher } from './publishing/outbox.js';
import { createTournamentsService } from './tournaments/tournaments-service.js';

/** The route files, in the order their routes are registered. */
const routeFiles: readonly RegisterRoutes[] = [
  registerSystemRoutes,
  registerUserRoutes,
  registerPermissionRoutes,
  registerAdminRoutes,
  registerCatalogueRoutes,
  registerAssetRoutes,
  registerEconomyRoutes,
  registerRoomRoutes,
  registerChatRoutes,
  registerTournamentRoutes,
  registerPlayerRoutes,
  registerFriendRoutes,
  registerBanditRoutes,
  registerResponsiblePlayRoutes,
  registerReplayRoutes,
];

export interface BuildOptions {
  /** An already open store (tests, benchmarks); otherwise one is opened from the config. */
  readonly store?: Store;
  /** The clock for token expiry, Telegram auth_date checks, the rooms' timers and the realtime gateway. */
  readonly now?: () => Date;
  /** Pino options or false; default: pino at config.logLevel. */
  readonly logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

export interface BuiltApp {
  /** Not yet listening: more plugins and routes (rooms, realtime) may be registered first. */
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly seed: SeedResult;
  /** Stops the HTTP server (finishing in-flight requests) and closes the store. */
  close(): Promise<void>;
}

/** Opens storage, migrates and seeds, and builds the HTTP app with every service. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const store = options.store ?? (await createStore({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  const secret = loadOrCreateSecret(config.jwtSecret, join(config.dataDir, 'jwt-secret'));
  // Every check of an access token reads the user's token version: revocation holds on the next request.
  const tokens = createTokenService(secret, config.accessTokenSeconds, options.now, createTokenVersionReader(store.db));
  const passwords = createPasswordHasher(config.argon2);
  const accounts = createAccountsService({
    store,
    tokens,
    passwords,
    welcomeBonus: config.welcomeBonus,
    refreshTokenDays: config.refreshTokenDays,
    telegramBotToken: config.telegramBotToken,
    now: options.now,
    // 3011 on every node: the client reconnects, its old token is refused as expired, and it asks
    // for a new one, which a role change allows and a ban or sign-out everywhere does not.
    onSessionsRevoked: (userId) => realtime.gateway.disconnectUser(String(userId), { isReconnecting: true }),
    // Who signed in from which device and address: linked accounts and the fair-play scan read it.
    onSignIn: recordSignIn,
  });
  const avatars = createAvatarService({ uploadDir: config.uploadDir, publicUrl: config.publicUrl, setAvatarUrl: accounts.setAvatarUrl });
  const metrics = createMetrics();
  const seed = await seedDatabase(store, accounts, passwords, { username: config.adminUsername, password: config.adminPassword });
  await backfillUsernameSkeletons(store);
  await seedEconomy(store);

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // Only behind a proxy may X-Forwarded-For name the client: otherwise anyone could dodge the
    // per-address rate limits by sending a different header each time.
    trustProxy: config.trustProxy,
    // A malformed URL is answered before any route: in our error shape, not Fastify's.
    frameworkErrors,
    // ...and so is a request Node's HTTP parser refuses before Fastify (431, broken framing).
    clientErrorHandler,
  });
  // The API speaks JSON (and multipart for uploads): a text/plain body is refused with 415, not parsed.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  // The realtime gateway shares the HTTP port: it takes the upgrades of /connection/websocket.
  const realtime = createRealtime({
    server: app.server,
    tokens,
    redisUrl: config.redisUrl,
    redisPrefix: config.rooms.redisPrefix,
    logger: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  // The action, emoji and room-password limits: shared by every node through Redis, as the sign-in limits are.
  const limits = createSharedLimits({
    redisUrl: config.redisUrl,
    prefix: config.rooms.redisPrefix ?? 'durak',
    now: options.now ?? (() => new Date()),
    onError: (error) => app.log.warn({ err: error }, 'shared limits: redis error, counting on this node'),
  });
  const logError = (error: unknown, message: string) => app.log.error({ err: error }, message);
  // The node's one publisher: every domain's committed transaction flushes through it, so the
  // publications of one order (a room, a user, a tournament) leave in commit order.
  const publisher = createPublisher(realtime, (error) => logError(error, 'realtime publish failed'));
  const now = options.now ?? (() => new Date());
  // The one place that decides "may this account stake N now?": every money path asks it inside
  // the transaction that moves the money (responsible play's limits, fair play's freeze).
  const responsibleSettings = { ageCheck: config.responsible.ageCheck, playMinuteMs: config.responsible.playMinuteMs };
  const guard = createStakeGuard(responsibleSettings, now);
  // The hard bot (the stand-in, hard practice rooms) searches in a worker thread, not on the event loop.
  const bots = createBotThinker({ logError: (error) => logError(error, 'the bot worker failed') });
  const rooms = createRoomsModule({
    bots,
    store,
    realtime,
    publisher,
    config: config.rooms,
    limits: limits.windows,
    now,
    guard,
    // A finished game rates its players and advances its tournament, in its last transaction.
    onGameOver: async (tx, room, results, outbox, at) => {
      // A practice game (bots) is not rated and not counted in anyone's career.
      if (!isPracticeRoom(room)) {
        await recordFinishedGame(tx, room, results, at);
        // The fair-play scan reads the game later, in the background (FEATURES.md §12).
        await queueIntegrityScan(tx, room.id, at);
      }
      // What the players lost and the winners did not get is the rake: the agents' rollups share it.
      const rake = -results.reduce((sum, r) => sum + BigInt(r.amount), 0n);
      await recordGameForAgents(tx, {
        players: results.map((r) => Number(r.player_id)),
        rake,
        walletType: room.balanceType as WalletType,
        at,
      });
      await tournaments.onGameOver(tx, room, results, outbox, at);
    },
  });
  // Tournament games are ordinary rooms: the rooms seat them, and tell the tournaments of every finished game.
  const tournaments = createTournamentsService({ store, publisher, rooms: rooms.seatedRooms, config: config.rooms, now, guard });
  const players = createPlayersService({ store, realtime, publisher, referralBonus: config.referralBonus, now });
  // A private room's channel is for its players and whoever knows its password.
  realtime.gateway.setCanSubscribe(roomChannelRule(rooms.rooms));
  // A room's presence, as a client asks for it, lists its players and never its spectators (§17).
  realtime.gateway.setPresenceVisibility(roomPresenceVisibility(store));
  // A player's last connection to a room's channel going, or one coming back, moves the stand-in
  // (docs/rooms.md, Stand-in); the rooms read the broker's presence across nodes themselves.
  // They run in the background lane: a burst of them (a node's players reconnecting elsewhere, a
  // network drop) must not hold every other table's moves.
  const presenceLane = createBackgroundLane({
    concurrency: store.kind === 'pglite' ? 1 : 4,
    logError: (error) => logError(error, 'stand-in presence change failed'),
  });
  realtime.gateway.setPresenceListener(({ channel, userId, isJoin }) => {
    const roomId = /^room:(\d+)$/.exec(channel)?.[1];
    if (roomId === undefined || !/^\d+$/.test(userId)) return;
    presenceLane.add(`${roomId}:${userId}`, () => rooms.games.presenceChanged(Number(userId), Number(roomId), isJoin));
  });
  const economy = createEconomy({
    store,
    config,
    publisher,
    now: options.now,
    logError,
    windows: limits.windows,
    guard,
  });
  const responsible = createResponsiblePlay({
    store,
    publisher,
    now,
    settings: responsibleSettings,
    leaveWaitingRoom: (userId, roomId) => rooms.games.leaveWaitingRoom(userId, roomId),
  });
  const friends = createFriendsModule({ store, realtime, publisher, now: options.now, windows: limits.windows });
  // The node's one timer loop (DESIGN.md §8): everything timed is a row with a due time, swept here.
  const sweeper = createSweeper({ intervalMs: config.rooms.sweepIntervalMs, logError });
  sweeper.register('room deadlines', () => rooms.games.fireDue());
  sweeper.register('tournament starts', () => tournaments.fireDue());
  sweeper.register('referral bonuses', () => players.payDueReferrals());
  sweeper.register('reality checks', () => responsible.fireDueRealityChecks());
  // The fair-play scan asks the bot worker for the hard bot's choices (machine play): never on the event loop.
  sweeper.register('fair-play scan', () => scanDue(store, now(), hardChoiceOf(bots)));
  // Fair play's case actions; a confirmed case bans its accounts, whose sockets then close.
  const integrity = createCaseActions(store, {
    afterBan: (userId) => accounts.afterRevocation(userId),
    // A frozen account's running games go on with the stand-in (§12).
    afterFreeze: async (userId) => void (await rooms.games.handOverFrozen(userId)),
  });
  const { caseReads, ...domain } = createDomainServices(store, { accounts, rooms, redis: (timeoutMs) => limits.check(timeoutMs) });
  const services: Services = {
    config,
    store,
    tokens,
    accounts,
    avatars,
    metrics,
    realtime,
    rooms,
    tournaments,
    players,
    economy,
    friends,
    responsible,
    integrity: { ...integrity, ...caseReads },
    bandit: createBanditService(store, { guard, now, minSpinMs: config.responsible.banditMinSpinMs }),
    replays: createReplayService(store, (user, room, password) => rooms.rooms.canWatch(user, room, password)),
    ...domain,
  };
  app.addHook('onReady', async () => {
    await limits.ready();
    sweeper.start();
  });
  // Clients are told to reconnect (to another node) before the HTTP server stops.
  app.addHook('preClose', async () => {
    await sweeper.close();
    await realtime.close();
    // The leaves of the connections just closed are marked before the database closes.
    await presenceLane.idle();
    await bots.close();
  });
  app.addHook('onClose', async () => limits.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRequestMetrics(app, metrics);
  // Graceful shutdown: requests in flight finish, but their keep-alive connections must not hold
  // the close open for the client's idle timeout, so answers sent while closing end the connection.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Durak API', version: '1.0.0', description: 'Game API under /api/v1, platform API under /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(cors, { origin: config.publicUrl ? [new URL(config.publicUrl).origin] : false, credentials: true });
  if (config.authRateLimit > 0) {
    // With Redis the sign-in allowance of an address is shared by every node (counted in Redis);
    // alone, each node would grant the full allowance again. If Redis is unreachable the limit is
    // skipped rather than refusing every sign-in.
    const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
    if (redis) {
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
      app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${config.rooms.redisPrefix ?? 'durak'}:rl:`, skipOnError: true } : {}),
    });
  }
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });

  const hasWeb = await registerWebStatic(app, config.webDist);
  mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, { root: config.uploadDir, prefix: '/uploads/', decorateReply: false });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // SPA fallback: a browser navigating to a client-side route gets the app's index.html.
    const isPage = request.method === 'GET' && !/^\/(api|uploads|connection)(\/|$)/.test(path);
    if (hasWeb && isPage && (request.headers.accept ?? '').includes('text/html')) return reply.sendFile('index.html');
    return notFound(reply, path);
  });

  recordGuardedRoutes(app);
  recordSignedInRoutes(app);
  recordRoutes(app);
  // Every route file registers the same way, and none sees the store: the services read and write it.
  const context: RouteContext = { services, now };
  for (const register of routeFiles) register(app, context);

  if (!options.store) app.addHook('onClose', async () => store.close());
  return { app, services, seed, close: () => app.close() };
}

import type { Server } from 'node:http';
import type { TokenService } from '../accounts/tokens.js';
import {
  createBroker,
  createGateway,
  defaultCanSubscribe,
  defaultChannelOptions,
  type Broker,
  type Gateway,
  type Logger,
  type PublishItem,
  type PublishOptions,
  type VerifyToken,
} from '../realtime/index.js';

export interface Realtime {
  readonly broker: Broker;
  readonly gateway: Gateway;
  /** With an idempotency key, a repeated publish (a retry, another node) is delivered once. */
  publish(channel: string, data: unknown, options?: PublishOptions): Promise<unknown>;
  publishMany(items: readonly PublishItem[]): Promise<unknown>;
  presence(channel: string): Promise<{ users: string[] }>;
  /** Distinct users with a realtime connection, on every node. */
  onlineUsers(): Promise<number>;
  /** Tells every client to reconnect, then closes the broker. */
  close(): Promise<void>;
}

/**
 * The realtime gateway of this node (DESIGN.md §6) at /connection/websocket: the token is the
 * access token; `lobby`, `room:*`, `tournament:*` are open to any signed-in user, `#{id}` only to
 * that user. In memory without a Redis URL, Redis with one.
 */
export function createRealtime(options: {
  server: Server;
  tokens: TokenService;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  logger?: Logger;
  /** The rooms' clock: token expiry, budgets and pings are judged on the same time. */
  now?: () => Date;
}): Realtime {
  const broker = createBroker({
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    ...(options.redisPrefix ? { redisPrefix: options.redisPrefix } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const gateway = createGateway({
    broker,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.now ? { now: options.now } : {}),
    canSubscribe: defaultCanSubscribe,
    // A room's joins and leaves are not pushed: they would name its spectators to everyone there
    // (FEATURES.md §17). Its presence stays, for the stand-in, and lists only its players.
    channelOptions: (channel) =>
      channel.startsWith('room:') ? { hasPresence: true, hasJoinLeave: false } : defaultChannelOptions(channel),
    verifyToken: verifyAccessTokenForRealtime(options.tokens),
  });
  gateway.attach(options.server, '/connection/websocket');
  return {
    broker,
    gateway,
    publish: (channel, data, publishOptions) => gateway.publish(channel, data, publishOptions),
    publishMany: (items) => gateway.publishMany(items),
    presence: (channel) => gateway.presence(channel),
    onlineUsers: () => broker.onlineUsers(),
    async close() {
      await gateway.close();
      await broker.close();
    },
  };
}

/**
 * The connection token is the access token, and its expiry is the connection's: the connect and
 * refresh replies carry `expires`/`ttl`, the client refreshes through getToken before it runs out,
 * and a connection whose token ran out unrefreshed is closed with 3005. Without `expiresAt` a socket
 * opened with a token would outlive it forever.
 */
function verifyAccessTokenForRealtime(tokens: TokenService): VerifyToken {
  return async (token) => {
    const checked = await tokens.verifyAccessToken(token);
    // A revoked token is answered as an expired one (109): the client asks for a new token, which
    // works after a role change and fails (signing the player out) after a ban or sign-out everywhere.
    if (!checked.ok) return { ok: false, reason: checked.reason === 'revoked' ? 'expired' : checked.reason };
    return { ok: true, userId: String(checked.userId), expiresAt: checked.expiresAt };
  };
}

import type { Broker, ClientInfo } from './broker.js';
import type { CanSubscribe, ChannelOptions } from './channels.js';
import type { Disconnect, ErrorCode } from './codes.js';
import type { CommandBudget } from './connection-budget.js';

/*
 * The shapes a connection shares with its gateway and its commands. They live here, apart from
 * connection.ts, so that the commands (connection-commands.ts) see a connection through
 * `CommandConnection` and the imports run one way: gateway -> connection -> commands -> these types.
 */

export type VerifyToken = (
  token: string,
) => Promise<{ ok: true; userId: string; expiresAt?: number } | { ok: false; reason: 'expired' | 'invalid' }>;

export interface GatewayLimits {
  /** A bigger frame closes the connection with 1009, which the client does not retry. */
  maxMessageBytes: number;
  maxSubscriptions: number;
  /** Commands per second a connection may send on average, and in one burst (a reconnect sends connect and every subscribe at once). */
  commandsPerSecond: number;
  commandBurst: number;
  /**
   * Commands past the budget answered 111 before the connection is closed with 3013 (too many
   * requests); paid back at `commandsPerSecond`.
   */
  commandOverdraft: number;
  /** Received frames waiting behind a command still running (a slow Redis, a slow channel rule); past it, 3013. */
  maxPendingBytes: number;
  /** A client that lets this much output queue up is too slow to keep. */
  maxBufferedBytes: number;
  /** Connections one user may hold across every node; the one past it closes their oldest (3512). */
  maxConnectionsPerUser: number;
  /**
   * Refused commands (bad request, unknown method or channel, permission denied...) a connection
   * may send within `commandErrorWindowMs` before it is closed with 3509.
   */
  maxCommandErrors: number;
  commandErrorWindowMs: number;
}

export interface Logger {
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** Of the users present in a channel, those a client's presence command may list. */
export type PresenceVisibility = (channel: string, userIds: readonly string[]) => Promise<ReadonlySet<string>>;

/** What connections need from their gateway; `C` is the gateway's own connection type. */
export interface ConnectionHub<C = CommandConnection> {
  broker: Broker;
  verifyToken: VerifyToken;
  canSubscribe: CanSubscribe;
  channelOptions: (channel: string) => ChannelOptions;
  limits: GatewayLimits;
  pingIntervalSeconds: number;
  version: string;
  logger: Logger;
  /** The gateway's clock in milliseconds: budgets, token expiry, the stale check and the time rpc read it. */
  now(): number;
  onSend: ((userId: string, data: unknown) => void) | undefined;
  /** Which users of a channel's presence clients may see (gateway.setPresenceVisibility); all when unset. */
  visiblePresence: PresenceVisibility | undefined;
  /** Told of joins and leaves of presence channels (gateway.setPresenceListener). */
  onPresence: ((change: { channel: string; userId: string; isJoin: boolean }) => void) | undefined;
  addSubscriber(channel: string, connection: C): Promise<void>;
  removeSubscriber(channel: string, connection: C): void;
  forget(connection: C): void;
  /** A closing connection's clean-up (presence, leave announcements): the gateway's close waits for it. */
  track(cleanUp: Promise<void>): void;
  /** The connect command succeeded: the connection has its client and user ids. */
  opened(connection: C): void;
}

/** Publications that arrive while a subscribe reads history wait here, to follow its reply. */
export type PendingPublications = { offset: number; raw: Buffer }[];

/**
 * Just subscribed: history was read up to this position. With Redis, pub/sub messages and
 * command replies travel on different connections, so the live copy of a publication already
 * sent from history may still arrive: it is dropped until the first newer one.
 */
export interface SentUpTo {
  offset: number;
  epoch: string;
}

/** null once live publications go straight through. */
export type SubscriptionState = PendingPublications | SentUpTo | null;

/** A client command: one method name as its key, with an id when it expects a reply. */
export type Command = Record<string, unknown> & { id?: number };

/** A connection as its commands see it: what they read, change and answer through. */
export interface CommandConnection {
  clientId: string | null;
  userId: string;
  /** Token expiry in milliseconds, 0 when the token does not expire. */
  expiresAt: number;
  /** Set by a refused connect: the subscribes sent with it are moot. */
  hasFailedConnect: boolean;
  readonly isConnected: boolean;
  readonly isClosed: boolean;
  readonly subscriptions: Map<string, SubscriptionState>;
  readonly commandBudget: CommandBudget;
  readonly hub: ConnectionHub;
  info(): ClientInfo;
  send(raw: string | Buffer): void;
  reply(id: number, method: string, result: object): void;
  replyError(id: number, code: ErrorCode): void;
  close(reason: Disconnect): Promise<void>;
  leave(channel: string): Promise<void>;
}

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Broker, BrokerEvent, ClientInfo, ControlCommand, PublishItem, PublishOptions, StreamPosition } from './broker.js';
import { defaultCanSubscribe, defaultChannelOptions, type CanSubscribe, type ChannelOptions } from './channels.js';
import { disconnect } from './codes.js';
import { ConnectionCap } from './connection-cap.js';
import { Connection } from './connection.js';
import type { ConnectionHub, GatewayLimits, Logger, PresenceVisibility, VerifyToken } from './connection-types.js';

export const defaultGatewayLimits: GatewayLimits = {
  maxMessageBytes: 64 * 1024,
  maxSubscriptions: 128,
  commandsPerSecond: 20,
  commandBurst: 60,
  commandOverdraft: 60,
  maxPendingBytes: 256 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxCommandErrors: 30,
  commandErrorWindowMs: 60_000,
  maxConnectionsPerUser: 10,
};

export interface GatewayOptions {
  broker: Broker;
  verifyToken: VerifyToken;
  canSubscribe?: CanSubscribe;
  channelOptions?: (channel: string) => ChannelOptions;
  logger?: Logger;
  limits?: Partial<GatewayLimits>;
  /** The clock, as the rooms take it; tests move it instead of waiting. Default: the system clock. */
  now?: () => Date;
  /** Server ping period; the client waits this plus its own 10 s before it gives up. 0: no timer, `turnPingWheel` turns it (tests). */
  pingIntervalMs?: number;
  /** How long after a ping the pong may take. */
  pongTimeoutMs?: number;
  /** A socket that has not connected within this long is closed. */
  staleMs?: number;
  /** How long past its token's expiry a connection may wait for the client's refresh before it is closed with 3005. */
  expiredCloseDelayMs?: number;
  /** How often the token expiry sweep runs (1 s). 0: no timer, `sweepExpired` runs it (tests). */
  expirySweepMs?: number;
  /** On close, how long clients get to answer the close frame before their sockets are cut. */
  closeGraceMs?: number;
  /** Receives the client's asynchronous `send` messages; without it a `send` closes the connection with 3508, as in Centrifuge. */
  onSend?: (userId: string, data: unknown) => void;
}

/** A client entered (`isJoin`) or left a channel that keeps presence, on this node. */
export interface PresenceChange {
  readonly channel: string;
  readonly userId: string;
  readonly isJoin: boolean;
}
export type PresenceListener = (change: PresenceChange) => void;

export interface ChannelPresence {
  clients: Record<string, ClientInfo>;
  users: string[];
}

export interface Gateway {
  /** Serves the protocol on `path` of this HTTP server's upgrades. */
  attach(server: Server, path?: string): void;
  /** The server-side publish every service uses: history, recovery and fan-out to every node. */
  publish(channel: string, data: unknown, options?: PublishOptions): Promise<StreamPosition>;
  /** Several publications in order, in one call to the broker (a committed move's outbox). */
  publishMany(items: readonly PublishItem[]): Promise<StreamPosition[]>;
  presence(channel: string): Promise<ChannelPresence>;
  isUserConnected(channel: string, userId: string): Promise<boolean>;
  /** Ends the user's subscriptions to the channel on every node (code 2000: the client does not resubscribe). */
  unsubscribeUser(channel: string, userId: string): Promise<void>;
  /** Closes the user's connections on every node: 3011 makes them reconnect (and be checked again), 3503 stops them. */
  disconnectUser(userId: string, options: { isReconnecting: boolean }): Promise<void>;
  /**
   * Replaces the channel rule for subscribes from now on, e.g. the rooms service's stricter
   * check of private rooms, which exists only after the gateway was built.
   */
  setCanSubscribe(canSubscribe: CanSubscribe): void;
  /**
   * Told of every join and leave of a presence channel on this node, after the broker's presence
   * was updated (the rooms hand a dropped player's seat to the stand-in). Set once at wiring.
   */
  setPresenceListener(listener: PresenceListener): void;
  /**
   * Which users of a channel's presence a client's presence command may see (FEATURES.md §17: a
   * room's presence lists its players, never its spectators). Set once at wiring; all by default.
   */
  setPresenceVisibility(visibility: PresenceVisibility): void;
  /** Number of open sockets on this node. */
  connectionCount(): number;
  /**
   * One turn of the ping wheel, which the timer runs every `pingIntervalMs`: closes the sockets
   * that never connected within `staleMs` and those that did not answer the last ping, and pings
   * the rest. Tests turn it by hand with a clock they move.
   */
  turnPingWheel(): void;
  /** The token expiry sweep, which the timer runs every `expirySweepMs`; tests run it by hand. */
  sweepExpired(): void;
  /** Tells every client to reconnect (to another node), then stops serving. The broker stays open. */
  close(): Promise<void>;
}

const silentLogger: Logger = { warn: () => {}, error: () => {} };

export function createGateway(options: GatewayOptions): Gateway {
  const { broker } = options;
  const limits = { ...defaultGatewayLimits, ...options.limits };
  const pingIntervalMs = options.pingIntervalMs ?? 25_000;
  const pongTimeoutMs = Math.min(options.pongTimeoutMs ?? 10_000, pingIntervalMs);
  const staleMs = options.staleMs ?? 10_000;
  const expiredCloseDelayMs = options.expiredCloseDelayMs ?? 10_000;
  const closeGraceMs = options.closeGraceMs ?? 2_000;
  const expirySweepMs = options.expirySweepMs ?? 1000;
  const clock = options.now ?? (() => new Date());
  const now = (): number => clock().getTime();
  const logger = options.logger ?? silentLogger;
  const connections = new Set<Connection>();
  // Sockets until their close completes: a shutdown waits for them, then cuts what is left.
  const sockets = new Set<WebSocket>();
  const subscribers = new Map<string, Set<Connection>>();
  const brokerSubscriptions = new Map<string, Promise<void>>();
  const attached: { server: Server; onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void }[] = [];
  let isClosing = false;

  const cap = new ConnectionCap<Connection>(
    limits.maxConnectionsPerUser,
    (connection) => void connection.close(disconnect.connectionLimit),
  );
  const announce = (command: ControlCommand) =>
    broker
      .publishControl(command)
      .catch((error: unknown) => logger.warn({ err: error, user: command.userId }, 'realtime connection announcement failed'));

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });

  // Clean-ups of connections that closed on their own (a client left): they are already out of
  // `connections`, but their Redis and presence work may still run, so close() waits for them
  // before the broker it uses is closed.
  const cleanUps = new Set<Promise<void>>();
  const hub: ConnectionHub<Connection> = {
    broker,
    verifyToken: options.verifyToken,
    canSubscribe: options.canSubscribe ?? defaultCanSubscribe,
    channelOptions: options.channelOptions ?? defaultChannelOptions,
    limits,
    pingIntervalSeconds: Math.max(1, Math.round(pingIntervalMs / 1000)),
    version: '1.0.0',
    logger,
    now,
    onSend: options.onSend,
    onPresence: undefined,
    visiblePresence: undefined,
    async addSubscriber(channel, connection) {
      let set = subscribers.get(channel);
      if (set === undefined) {
        set = new Set();
        subscribers.set(channel, set);
        brokerSubscriptions.set(channel, broker.subscribe(channel));
      }
      set.add(connection);
      await brokerSubscriptions.get(channel);
    },
    removeSubscriber(channel, connection) {
      const set = subscribers.get(channel);
      if (set === undefined || !set.delete(connection) || set.size > 0) return;
      subscribers.delete(channel);
      brokerSubscriptions.delete(channel);
      broker.unsubscribe(channel).catch((error: unknown) => logger.warn({ err: error, channel }, 'realtime unsubscribe failed'));
    },
    track(cleanUp) {
      cleanUps.add(cleanUp);
      void cleanUp.finally(() => cleanUps.delete(cleanUp)).catch(() => {});
    },
    forget(connection) {
      connections.delete(connection);
      if (connection.clientId === null) return;
      cap.remove(connection.userId, connection.clientId, connection);
      void announce({ kind: 'closed', userId: connection.userId, clientId: connection.clientId });
    },
    opened(connection) {
      if (connection.clientId === null) return;
      cap.add(connection.userId, connection.clientId, connection);
      void announce({ kind: 'opened', userId: connection.userId, clientId: connection.clientId });
    },
  };

  function onControl(command: ControlCommand): void {
    if (command.kind === 'opened') return cap.onOpened(command.userId, command.clientId);
    if (command.kind === 'closed') return cap.onClosed(command.userId, command.clientId);
    for (const connection of connections) {
      if (connection.userId !== command.userId) continue;
      if (command.kind === 'unsubscribe') connection.unsubscribeByServer(command.channel);
      else void connection.close(command.isReconnecting ? disconnect.forceReconnect : disconnect.forceNoReconnect);
    }
  }

  function onBrokerEvent(event: BrokerEvent): void {
    if (event.type === 'control') return onControl(event.command);
    const set = subscribers.get(event.channel);
    if (set === undefined) return;
    if (event.type === 'pub') {
      // Encoded once for every subscriber of this node (from the broker's JSON of the data when it has it).
      const raw = Buffer.from(
        event.raw === undefined
          ? JSON.stringify({ push: { channel: event.channel, pub: { data: event.pub.data, offset: event.pub.offset } } })
          : `{"push":{"channel":${JSON.stringify(event.channel)},"pub":{"data":${event.raw},"offset":${event.pub.offset}}}}`,
      );
      for (const connection of set) connection.deliverPublication(event.channel, event.pub.offset, event.epoch, raw);
      return;
    }
    const raw = Buffer.from(JSON.stringify({ push: { channel: event.channel, [event.type]: { info: event.info } } }));
    for (const connection of set) connection.deliverPush(event.channel, raw);
  }

  broker.listen(onBrokerEvent, () => {
    // Publications may have been lost between nodes: clients reconnect and recover from history.
    for (const connection of connections) if (connection.subscriptions.size > 0) void connection.close(disconnect.insufficientState);
  });

  // One wheel pings every connection: no timer per connection.
  let pongCheck: NodeJS.Timeout | undefined;
  function turnPingWheel(): void {
    const time = now();
    for (const connection of connections) connection.heartbeat(time, staleMs);
  }
  const wheel =
    pingIntervalMs > 0
      ? setInterval(() => {
          turnPingWheel();
          clearTimeout(pongCheck);
          pongCheck = setTimeout(() => {
            for (const connection of connections)
              if (connection.isAwaitingPong && connection.isConnected) void connection.close(disconnect.noPong);
          }, pongTimeoutMs);
        }, pingIntervalMs)
      : undefined;

  // Token expiry has its own sweep: the ping wheel turns every 25 s, far coarser than a token's
  // lifetime may be. One pass over the connections a second costs microseconds.
  function sweepExpired(): void {
    const time = now();
    for (const connection of connections) connection.checkExpiry(time, expiredCloseDelayMs);
  }
  const expirySweep = expirySweepMs > 0 ? setInterval(sweepExpired, expirySweepMs) : undefined;

  function accept(ws: WebSocket): void {
    if (isClosing) return void ws.close(disconnect.shutdown.code, disconnect.shutdown.reason);
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    connections.add(new Connection(ws, hub));
  }

  return {
    attach(server, path = '/connection/websocket') {
      const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const pathname = (req.url ?? '').split('?')[0];
        if (pathname !== path) return; // another upgrade handler's path
        wss.handleUpgrade(req, socket, head, accept);
      };
      server.on('upgrade', onUpgrade);
      attached.push({ server, onUpgrade });
    },
    publish(channel, data, publishOptions) {
      return broker.publish(channel, data, publishOptions);
    },
    publishMany(items) {
      return broker.publishMany(items);
    },
    async presence(channel) {
      const clients = await broker.presence(channel);
      return { clients, users: [...new Set(Object.values(clients).map((info) => info.user))] };
    },
    async isUserConnected(channel, userId) {
      const clients = await broker.presence(channel);
      return Object.values(clients).some((info) => info.user === userId);
    },
    unsubscribeUser(channel, userId) {
      return broker.publishControl({ kind: 'unsubscribe', channel, userId });
    },
    disconnectUser(userId, { isReconnecting }) {
      return broker.publishControl({ kind: 'disconnect', userId, isReconnecting });
    },
    setCanSubscribe(canSubscribe) {
      hub.canSubscribe = canSubscribe;
    },
    setPresenceListener(listener) {
      hub.onPresence = listener;
    },
    setPresenceVisibility(visibility) {
      hub.visiblePresence = visibility;
    },
    connectionCount() {
      return connections.size;
    },
    turnPingWheel,
    sweepExpired,
    async close() {
      isClosing = true;
      clearInterval(wheel);
      clearInterval(expirySweep);
      clearTimeout(pongCheck);
      for (const { server, onUpgrade } of attached) server.off('upgrade', onUpgrade);
      await Promise.allSettled([...connections].map((connection) => connection.close(disconnect.shutdown)));
      await Promise.allSettled([...cleanUps]);
      // Real time, not the injected clock: this waits for sockets, which a test's clock does not move.
      const deadline = Date.now() + closeGraceMs;
      while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

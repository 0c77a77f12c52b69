import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Broker, ClientInfo, HistoryQuery } from './broker.js';
import type { CanSubscribe, ChannelOptions } from './channels.js';
import { clientFaults, disconnect, errorCode, protocolError, serverUnsubscribe, type Disconnect, type ErrorCode } from './codes.js';
import { CommandBudget, ErrorBudget } from './connection-budget.js';

const NEWLINE = Buffer.from('\n');
// One function for every connection's flush, not a bound closure per connection.
const flushConnection = (connection: Connection): void => connection.flushOutgoing();

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
  /** Commands past the budget answered 111 before the connection is closed with 3013 (too many requests); paid back at `commandsPerSecond`. */
  commandOverdraft: number;
  /** Received frames waiting behind a command still running (a slow Redis, a slow channel rule); past it, 3013. */
  maxPendingBytes: number;
  /** A client that lets this much output queue up is too slow to keep. */
  maxBufferedBytes: number;
  /** Refused commands (bad request, unknown method or channel, permission denied...) a connection may send within `commandErrorWindowMs` before it is closed with 3509. */
  maxCommandErrors: number;
  commandErrorWindowMs: number;
}

export interface Logger {
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** What connections need from their gateway. */
export interface ConnectionHub {
  broker: Broker;
  verifyToken: VerifyToken;
  canSubscribe: CanSubscribe;
  channelOptions: (channel: string) => ChannelOptions;
  limits: GatewayLimits;
  pingIntervalSeconds: number;
  version: string;
  logger: Logger;
  onSend: ((userId: string, data: unknown) => void) | undefined;
  addSubscriber(channel: string, connection: Connection): Promise<void>;
  removeSubscriber(channel: string, connection: Connection): void;
  forget(connection: Connection): void;
}

type Command = Record<string, unknown> & { id?: number };

/** Publications that arrive while a subscribe reads history wait here, to follow its reply. */
type PendingPublications = { offset: number; raw: Buffer }[];

/**
 * Just subscribed: history was read up to this position. With Redis, pub/sub messages and
 * command replies travel on different connections, so the live copy of a publication already
 * sent from history may still arrive: it is dropped until the first newer one.
 */
interface SentUpTo {
  offset: number;
  epoch: string;
}

/** null once live publications go straight through. */
type SubscriptionState = PendingPublications | SentUpTo | null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One client connection: its commands are handled strictly one after another, because the
 * client sends connect and all its subscribes in one frame and reads the replies in order.
 */
export class Connection {
  clientId: string | null = null;
  userId = '';
  /** Token expiry in milliseconds, 0 when the token does not expire. */
  expiresAt = 0;
  isAwaitingPong = false;
  isClosed = false;
  readonly openedAt = Date.now();
  readonly subscriptions = new Map<string, SubscriptionState>();
  private queue: Promise<void> = Promise.resolve();
  private pendingBytes = 0;
  /** Replies and pushes queued in this turn of the event loop (see `send`). */
  private outgoing: (string | Buffer)[] = [];
  private readonly commandBudget: CommandBudget;
  private readonly errorBudget: ErrorBudget;
  private hasFailedConnect = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly hub: ConnectionHub,
  ) {
    this.commandBudget = new CommandBudget(hub.limits.commandsPerSecond, hub.limits.commandBurst, hub.limits.commandOverdraft, this.openedAt);
    this.errorBudget = new ErrorBudget(hub.limits.maxCommandErrors, hub.limits.commandErrorWindowMs, this.openedAt);
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      this.isAwaitingPong = false;
      if (isBinary) return void this.close(disconnect.badRequest);
      if (this.isClosed) return;
      // Commands run one at a time, so frames wait here while one is slow; a client that keeps
      // sending meanwhile would grow this queue without bound.
      this.pendingBytes += data.length;
      if (this.pendingBytes > hub.limits.maxPendingBytes) return void this.close(disconnect.tooManyRequests);
      this.queue = this.queue
        .then(() => {
          this.pendingBytes -= data.length;
          return this.handleFrame(data.toString('utf8'));
        })
        .catch((error: unknown) => {
          hub.logger.error({ err: error, client: this.clientId }, 'realtime command failed');
          void this.close(disconnect.serverError);
        });
    });
    ws.on('close', () => void this.cleanUp());
    ws.on('error', () => void this.cleanUp());
  }

  get isConnected(): boolean {
    return this.clientId !== null;
  }

  info(): ClientInfo {
    return { client: this.clientId ?? '', user: this.userId };
  }

  /**
   * Queues one reply or push; what is queued within one turn of the event loop goes out as one
   * frame, newline-delimited as the JSON protocol allows (Centrifugo batches writes the same way).
   * A game step publishes several messages at once (its events, the turn, the player's view), and
   * a frame each cost a socket write each: the largest part of the node's time under load. A lone
   * message is sent as it is, so a push encoded once for many subscribers is never copied.
   */
  send(raw: string | Buffer): void {
    if (this.isClosed) return;
    if (this.ws.bufferedAmount > this.hub.limits.maxBufferedBytes) return void this.close(disconnect.slow);
    this.outgoing.push(raw);
    if (this.outgoing.length === 1) setImmediate(flushConnection, this);
  }

  /** Sends what `send` queued, as one frame (called on the next turn, or before a close). */
  flushOutgoing(): void {
    const frames = this.outgoing;
    if (frames.length === 0 || this.isClosed) return;
    this.outgoing = [];
    if (frames.length === 1) return this.ws.send(frames[0]!, { binary: false });
    const parts: Buffer[] = [];
    for (const frame of frames) {
      if (parts.length > 0) parts.push(NEWLINE);
      parts.push(typeof frame === 'string' ? Buffer.from(frame) : frame);
    }
    this.ws.send(Buffer.concat(parts), { binary: false });
  }

  deliverPublication(channel: string, offset: number, epoch: string, raw: Buffer): void {
    const state = this.subscriptions.get(channel);
    if (state === undefined) return;
    if (state === null) return this.send(raw);
    if (Array.isArray(state)) return void state.push({ offset, raw });
    if (epoch === state.epoch && offset <= state.offset) return;
    this.subscriptions.set(channel, null);
    this.send(raw);
  }

  deliverPush(channel: string, raw: Buffer): void {
    const state = this.subscriptions.get(channel);
    if (state !== undefined && !Array.isArray(state)) this.send(raw);
  }

  /** Ends one subscription from the server side, e.g. a watcher no longer allowed in a room. */
  unsubscribeByServer(channel: string): void {
    if (!this.subscriptions.delete(channel)) return;
    this.send(JSON.stringify({ push: { channel, unsubscribe: serverUnsubscribe } }));
    this.leave(channel).catch((error: unknown) => this.hub.logger.warn({ err: error, channel }, 'realtime leave failed'));
  }

  /** Closes with a code the client understands, and leaves every channel at once (a dead peer may never finish the close handshake). */
  close(reason: Disconnect): Promise<void> {
    // What was queued before the close (an error reply, say) still reaches the client first.
    if (!this.isClosed && reason !== disconnect.slow) this.flushOutgoing();
    if (!this.isClosed) this.ws.close(reason.code, reason.reason);
    return this.cleanUp();
  }

  private cleanUpDone: Promise<void> | null = null;

  private cleanUp(): Promise<void> {
    this.isClosed = true;
    this.cleanUpDone ??= this.leaveAll();
    return this.cleanUpDone;
  }

  private async leaveAll(): Promise<void> {
    this.hub.forget(this);
    const channels = [...this.subscriptions.keys()];
    this.subscriptions.clear();
    await Promise.allSettled(channels.map((channel) => this.leave(channel)));
  }

  private async leave(channel: string): Promise<void> {
    this.hub.removeSubscriber(channel, this);
    if (!this.hub.channelOptions(channel).hasPresence) return;
    await this.hub.broker.removePresence(channel, this.clientId ?? '');
    await this.hub.broker.publishLeave(channel, this.info());
  }

  private async handleFrame(text: string): Promise<void> {
    for (const line of text.split('\n')) {
      if (this.isClosed) return;
      if (line.trim() === '') continue;
      let command: unknown;
      try {
        command = JSON.parse(line);
      } catch {
        return void (await this.close(disconnect.badRequest));
      }
      if (!isRecord(command)) return void (await this.close(disconnect.badRequest));
      await this.handleCommand(command as Command);
    }
  }

  private async handleCommand(command: Command): Promise<void> {
    const id = typeof command.id === 'number' ? command.id : 0;
    const method = Object.keys(command).find((key) => key !== 'id');
    if (method === undefined) return; // `{}` is the pong to a server ping
    const verdict = this.commandBudget.take();
    if (verdict === 'exhausted') return void (await this.close(disconnect.tooManyRequests));
    if (verdict === 'refused') return id > 0 ? this.replyError(id, errorCode.tooManyRequests) : undefined;
    const request = isRecord(command[method]) ? (command[method] as Record<string, unknown>) : {};
    if (method === 'connect') return this.connect(id, request);
    if (!this.isConnected) {
      // After a refused connect the client closes the socket itself: the subscribes it sent in
      // the same frame are moot, and closing with bad request here would stop its retry.
      if (this.hasFailedConnect) return;
      return void (await this.close(disconnect.badRequest));
    }
    switch (method) {
      case 'subscribe':
        return this.subscribe(id, request);
      case 'unsubscribe':
        return this.unsubscribe(id, request);
      case 'publish':
        return this.replyError(id, errorCode.permissionDenied); // only the server publishes
      case 'presence':
      case 'presence_stats':
        return this.presence(id, request, method === 'presence_stats');
      case 'history':
        return this.history(id, request);
      case 'rpc':
        return request.method === 'time' ? this.reply(id, 'rpc', { data: { time: Date.now() } }) : this.replyError(id, errorCode.methodNotFound);
      case 'refresh':
        return this.refresh(id, request);
      case 'sub_refresh':
        return this.subRefresh(id, request);
      case 'send':
        return this.handleSend(request.data);
      default:
        return this.replyError(id, errorCode.methodNotFound);
    }
  }

  /** Protocol v2: the result sits under the name of the command it answers. */
  private reply(id: number, method: string, result: object): void {
    if (id > 0) this.send(JSON.stringify({ id, [method]: result }));
  }

  private replyError(id: number, code: ErrorCode): void {
    if (id > 0) this.send(JSON.stringify({ id, error: protocolError(code) }));
    // The error goes out first, so the client's log shows what it kept getting wrong.
    if (clientFaults.has(code) && !this.errorBudget.spend()) void this.close(disconnect.tooManyErrors);
  }

  private async connect(id: number, request: Record<string, unknown>): Promise<void> {
    if (this.isConnected) return void (await this.close(disconnect.badRequest));
    const token = typeof request.token === 'string' ? request.token : '';
    const verdict = token === '' ? ({ ok: false, reason: 'invalid' } as const) : await this.hub.verifyToken(token);
    if (!verdict.ok) {
      if (verdict.reason === 'invalid') return void (await this.close(disconnect.invalidToken));
      // 109 makes the client fetch a new token through getToken and connect again.
      this.hasFailedConnect = true;
      return this.replyError(id, errorCode.tokenExpired);
    }
    if (this.isClosed) return;
    this.clientId = randomUUID();
    this.userId = verdict.userId;
    this.expiresAt = (verdict.expiresAt ?? 0) * 1000;
    this.reply(id, 'connect', { client: this.clientId, version: this.hub.version, ping: this.hub.pingIntervalSeconds, pong: true, ...this.expiry() });
  }

  private expiry(): { expires?: true; ttl?: number } {
    if (this.expiresAt === 0) return {};
    return { expires: true, ttl: Math.max(1, Math.floor((this.expiresAt - Date.now()) / 1000)) };
  }

  private async refresh(id: number, request: Record<string, unknown>): Promise<void> {
    const token = typeof request.token === 'string' ? request.token : '';
    const verdict = token === '' ? ({ ok: false, reason: 'invalid' } as const) : await this.hub.verifyToken(token);
    if (!verdict.ok || verdict.userId !== this.userId) {
      // An expired token on refresh: reconnect, where connect answers 109 and the client fetches a new one.
      const reason = verdict.ok || verdict.reason === 'invalid' ? disconnect.invalidToken : disconnect.expired;
      return void (await this.close(reason));
    }
    this.expiresAt = (verdict.expiresAt ?? 0) * 1000;
    this.reply(id, 'refresh', { client: this.clientId, version: this.hub.version, ...this.expiry() });
  }

  private async subscribe(id: number, request: Record<string, unknown>): Promise<void> {
    const channel = request.channel;
    if (typeof channel !== 'string' || channel === '') return this.replyError(id, errorCode.badRequest);
    if (this.subscriptions.has(channel)) return this.replyError(id, errorCode.alreadySubscribed);
    if (this.subscriptions.size >= this.hub.limits.maxSubscriptions) return this.replyError(id, errorCode.limitExceeded);
    const decision = await this.hub.canSubscribe(this.userId, channel, request.data);
    if (decision === 'unknown_channel') return this.replyError(id, errorCode.unknownChannel);
    if (decision !== true) return this.replyError(id, errorCode.permissionDenied);
    if (this.isClosed) return;

    // Listen first, then read the position: a publication in between is both held back and
    // in history, and is sent once because held-back ones are filtered by offset.
    const pending: PendingPublications = [];
    this.subscriptions.set(channel, pending);
    await this.hub.addSubscriber(channel, this);
    const isRecovering = request.recover === true;
    const query: HistoryQuery = isRecovering
      ? { since: { offset: Number(request.offset ?? 0), epoch: typeof request.epoch === 'string' ? request.epoch : '' }, limit: -1 }
      : { limit: 0 };
    const history = await this.hub.broker.history(channel, query);
    if (this.isClosed) return;
    const { offset, epoch } = history.position;
    let result: object = { recoverable: true, epoch, offset };
    if (isRecovering) {
      const isRejectingUnrecovered = (Number(request.flag ?? 0) & 2) !== 0;
      if (!history.ok && isRejectingUnrecovered) {
        this.subscriptions.delete(channel);
        this.hub.removeSubscriber(channel, this);
        return this.replyError(id, errorCode.unrecoverablePosition);
      }
      result = history.ok
        ? { ...result, was_recovering: true, recovered: true, publications: history.publications }
        : { ...result, was_recovering: true, recovered: false };
    }
    this.reply(id, 'subscribe', result);
    let sentUpTo = offset;
    for (const held of pending) {
      if (held.offset <= sentUpTo) continue; // already in the reply, from history
      this.send(held.raw);
      sentUpTo = held.offset;
    }
    this.subscriptions.set(channel, { offset: sentUpTo, epoch });
    if (this.hub.channelOptions(channel).hasPresence) {
      await this.hub.broker.addPresence(channel, this.info());
      // Closed meanwhile: the leave already ran, so this entry would outlive the client.
      if (this.isClosed) return this.hub.broker.removePresence(channel, this.clientId ?? '');
      await this.hub.broker.publishJoin(channel, this.info());
    }
  }

  /**
   * `send` is one-way: the protocol has no reply that could carry an error. Without a handler,
   * Centrifuge closes with 3508 (not available) so that the client learns the server takes no
   * messages; we do the same. The app takes player actions over HTTP, so a client that sends is
   * built wrong, and dropping its messages in silence would hide that.
   */
  private async handleSend(data: unknown): Promise<void> {
    if (this.hub.onSend !== undefined) return this.hub.onSend(this.userId, data);
    this.hub.logger.warn({ user: this.userId, client: this.clientId }, 'realtime send refused: this server takes no client messages');
    await this.close(disconnect.notAvailable);
  }

  /**
   * Centrifuge's sub_refresh renews a subscription token before it expires. Our subscriptions
   * carry no token and never expire (DESIGN.md §6: the connection token is the only token; a
   * channel is authorised once, at subscribe, and taken away by a server unsubscribe), so a
   * subscribe result never sets `expires` and the client has nothing to refresh. A client that
   * sends one all the same gets what Centrifugo answers: 107 without a channel, 103 for a
   * channel it is not subscribed to, and otherwise a result without `expires`, so it schedules
   * no further refresh.
   */
  private subRefresh(id: number, request: Record<string, unknown>): void {
    const channel = request.channel;
    if (typeof channel !== 'string' || channel === '') return this.replyError(id, errorCode.badRequest);
    if (!this.subscriptions.has(channel)) return this.replyError(id, errorCode.permissionDenied);
    this.reply(id, 'sub_refresh', {});
  }

  private async unsubscribe(id: number, request: Record<string, unknown>): Promise<void> {
    const channel = typeof request.channel === 'string' ? request.channel : '';
    if (this.subscriptions.delete(channel)) await this.leave(channel);
    this.reply(id, 'unsubscribe', {});
  }

  private async presence(id: number, request: Record<string, unknown>, isStats: boolean): Promise<void> {
    const channel = typeof request.channel === 'string' ? request.channel : '';
    if (!this.subscriptions.has(channel)) return this.replyError(id, errorCode.permissionDenied);
    if (!this.hub.channelOptions(channel).hasPresence) return this.replyError(id, errorCode.notAvailable);
    const clients = await this.hub.broker.presence(channel);
    if (!isStats) return this.reply(id, 'presence', { presence: clients });
    const users = new Set(Object.values(clients).map((info) => info.user));
    this.reply(id, 'presence_stats', { num_clients: Object.keys(clients).length, num_users: users.size });
  }

  private async history(id: number, request: Record<string, unknown>): Promise<void> {
    const channel = typeof request.channel === 'string' ? request.channel : '';
    if (!this.subscriptions.has(channel)) return this.replyError(id, errorCode.permissionDenied);
    const since = isRecord(request.since)
      ? { offset: Number(request.since.offset ?? 0), epoch: typeof request.since.epoch === 'string' ? request.since.epoch : '' }
      : undefined;
    const limit = typeof request.limit === 'number' ? request.limit : 0;
    const query: HistoryQuery = { limit, reverse: request.reverse === true, ...(since === undefined ? {} : { since }) };
    const history = await this.hub.broker.history(channel, query);
    if (!history.ok) return this.replyError(id, errorCode.unrecoverablePosition);
    this.reply(id, 'history', { publications: history.publications, epoch: history.position.epoch, offset: history.position.offset });
  }

  /**
   * Runs on the gateway's expiry sweep. The client refreshes when the connect reply's `ttl` runs
   * out, i.e. at the expiry itself, and its getToken is an HTTP round trip: `graceMs` lets that
   * refresh arrive before the connection is closed, as Centrifugo's client_expired_close_delay does.
   */
  checkExpiry(now: number, graceMs: number): void {
    if (!this.isClosed && this.expiresAt !== 0 && now > this.expiresAt + graceMs) void this.close(disconnect.expired);
  }

  /** Runs on the gateway's shared ping wheel, never on a timer of its own. */
  heartbeat(now: number, staleMs: number): void {
    if (this.isClosed) return;
    if (!this.isConnected) {
      if (now - this.openedAt > staleMs) void this.close(disconnect.stale);
      return;
    }
    if (this.isAwaitingPong) return void this.close(disconnect.noPong);
    this.isAwaitingPong = true;
    this.send('{}');
    for (const [channel, state] of this.subscriptions) {
      if (!Array.isArray(state) && this.hub.channelOptions(channel).hasPresence) {
        this.hub.broker.addPresence(channel, this.info()).catch(() => {});
      }
    }
  }
}

import type { WebSocket } from 'ws';
import type { Broker, ClientInfo } from './broker.js';
import { pushesJoinLeave, type CanSubscribe, type ChannelOptions } from './channels.js';
import { clientFaults, disconnect, protocolError, serverUnsubscribe, type Disconnect, type ErrorCode } from './codes.js';
import { CommandBudget, ErrorBudget } from './connection-budget.js';
import { handleCommand, isRecord, type Command } from './connection-commands.js';
import { workCounters } from '../shared/work-counters.js';

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
  /** Connections one user may hold across every node; the one past it closes their oldest (3512). */
  maxConnectionsPerUser: number;
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
  /** The gateway's clock in milliseconds: budgets, token expiry, the stale check and the time rpc read it. */
  now(): number;
  onSend: ((userId: string, data: unknown) => void) | undefined;
  /** Told of joins and leaves of presence channels (gateway.setPresenceListener). */
  onPresence: ((change: { channel: string; userId: string; isJoin: boolean }) => void) | undefined;
  addSubscriber(channel: string, connection: Connection): Promise<void>;
  removeSubscriber(channel: string, connection: Connection): void;
  forget(connection: Connection): void;
  /** A closing connection's clean-up (presence, leave announcements): the gateway's close waits for it. */
  track(cleanUp: Promise<void>): void;
  /** The connect command succeeded: the connection has its client and user ids. */
  opened(connection: Connection): void;
}

/** Publications that arrive while a subscribe reads history wait here, to follow its reply. */
export type PendingPublications = { offset: number; raw: Buffer }[];

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
  readonly openedAt: number;
  readonly subscriptions = new Map<string, SubscriptionState>();
  private queue: Promise<void> = Promise.resolve();
  private pendingBytes = 0;
  /** Replies and pushes queued in this turn of the event loop (see `send`). */
  private outgoing: (string | Buffer)[] = [];
  /** Spent by every command (connection-commands.ts). */
  readonly commandBudget: CommandBudget;
  private readonly errorBudget: ErrorBudget;
  /** Set by a refused connect: the subscribes sent with it are moot. */
  hasFailedConnect = false;

  constructor(
    private readonly ws: WebSocket,
    readonly hub: ConnectionHub,
  ) {
    this.openedAt = hub.now();
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
    workCounters.socketWrites++;
    if (frames.length === 1) {
      workCounters.socketBytes += frames[0]!.length;
      return this.ws.send(frames[0]!, { binary: false });
    }
    const parts: Buffer[] = [];
    for (const frame of frames) {
      if (parts.length > 0) parts.push(NEWLINE);
      parts.push(typeof frame === 'string' ? Buffer.from(frame) : frame);
    }
    const frame = Buffer.concat(parts);
    workCounters.socketBytes += frame.length;
    this.ws.send(frame, { binary: false });
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
    if (this.cleanUpDone === null) {
      this.cleanUpDone = this.leaveAll();
      this.hub.track(this.cleanUpDone);
    }
    return this.cleanUpDone;
  }

  private async leaveAll(): Promise<void> {
    this.hub.forget(this);
    const channels = [...this.subscriptions.keys()];
    this.subscriptions.clear();
    await Promise.allSettled(channels.map((channel) => this.leave(channel)));
  }

  async leave(channel: string): Promise<void> {
    this.hub.removeSubscriber(channel, this);
    if (!this.hub.channelOptions(channel).hasPresence) return;
    await this.hub.broker.removePresence(channel, this.clientId ?? '');
    this.hub.onPresence?.({ channel, userId: this.userId, isJoin: false });
    if (pushesJoinLeave(this.hub.channelOptions(channel))) await this.hub.broker.publishLeave(channel, this.info());
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
      await handleCommand(this, command as Command);
    }
  }

  /** Protocol v2: the result sits under the name of the command it answers. */
  reply(id: number, method: string, result: object): void {
    if (id > 0) this.send(JSON.stringify({ id, [method]: result }));
  }

  replyError(id: number, code: ErrorCode): void {
    if (id > 0) this.send(JSON.stringify({ id, error: protocolError(code) }));
    // The error goes out first, so the client's log shows what it kept getting wrong.
    if (clientFaults.has(code) && !this.errorBudget.spend(this.hub.now())) void this.close(disconnect.tooManyErrors);
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

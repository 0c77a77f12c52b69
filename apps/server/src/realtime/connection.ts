import type { WebSocket } from 'ws';
import type { ClientInfo } from './broker.js';
import { pushesJoinLeave } from './channels.js';
import { clientFaults, disconnect, protocolError, serverUnsubscribe, type Disconnect, type ErrorCode } from './codes.js';
import { CommandBudget, ErrorBudget } from './connection-budget.js';
import { handleCommand, isRecord } from './connection-commands.js';
import type { Command, CommandConnection, ConnectionHub, SubscriptionState } from './connection-types.js';
import { workCounters } from '../shared/work-counters.js';

const NEWLINE = Buffer.from('\n');
// One function for every connection's flush, not a bound closure per connection.
const flushConnection = (connection: Connection): void => connection.flushOutgoing();

/**
 * One client connection: its commands are handled strictly one after another, because the
 * client sends connect and all its subscribes in one frame and reads the replies in order.
 */
export class Connection implements CommandConnection {
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
    readonly hub: ConnectionHub<Connection>,
  ) {
    this.openedAt = hub.now();
    this.commandBudget = new CommandBudget(
      hub.limits.commandsPerSecond,
      hub.limits.commandBurst,
      hub.limits.commandOverdraft,
      this.openedAt,
    );
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

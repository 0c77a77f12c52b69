import { randomUUID } from 'node:crypto';
import type { HistoryQuery } from './broker.js';
import { pushesJoinLeave } from './channels.js';
import { disconnect, errorCode } from './codes.js';
import type { Command, CommandConnection, PendingPublications } from './connection-types.js';

/**
 * The client's commands, one function each, on a connection whose lifecycle (its socket, the
 * outgoing queue, subscriptions' delivery, the close) lives in connection.ts.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function handleCommand(connection: CommandConnection, command: Command): Promise<void> {
  const id = typeof command.id === 'number' ? command.id : 0;
  const method = Object.keys(command).find((key) => key !== 'id');
  if (method === undefined) return; // `{}` is the pong to a server ping
  const verdict = connection.commandBudget.take(connection.hub.now());
  if (verdict === 'exhausted') return void (await connection.close(disconnect.tooManyRequests));
  if (verdict === 'refused') return id > 0 ? connection.replyError(id, errorCode.tooManyRequests) : undefined;
  const request = isRecord(command[method]) ? (command[method] as Record<string, unknown>) : {};
  if (method === 'connect') return connect(connection, id, request);
  if (!connection.isConnected) {
    // After a refused connect the client closes the socket itself: the subscribes it sent in
    // the same frame are moot, and closing with bad request here would stop its retry.
    if (connection.hasFailedConnect) return;
    return void (await connection.close(disconnect.badRequest));
  }
  switch (method) {
    case 'subscribe':
      return subscribe(connection, id, request);
    case 'unsubscribe':
      return unsubscribe(connection, id, request);
    case 'publish':
      return connection.replyError(id, errorCode.permissionDenied); // only the server publishes
    case 'presence':
    case 'presence_stats':
      return presence(connection, id, request, method === 'presence_stats');
    case 'history':
      return history(connection, id, request);
    case 'rpc':
      return request.method === 'time'
        ? connection.reply(id, 'rpc', { data: { time: connection.hub.now() } })
        : connection.replyError(id, errorCode.methodNotFound);
    case 'refresh':
      return refresh(connection, id, request);
    case 'sub_refresh':
      return subRefresh(connection, id, request);
    case 'send':
      return handleSend(connection, request.data);
    default:
      return connection.replyError(id, errorCode.methodNotFound);
  }
}

async function connect(connection: CommandConnection, id: number, request: Record<string, unknown>): Promise<void> {
  if (connection.isConnected) return void (await connection.close(disconnect.badRequest));
  const token = typeof request.token === 'string' ? request.token : '';
  const verdict = token === '' ? ({ ok: false, reason: 'invalid' } as const) : await connection.hub.verifyToken(token);
  if (!verdict.ok) {
    if (verdict.reason === 'invalid') return void (await connection.close(disconnect.invalidToken));
    // 109 makes the client fetch a new token through getToken and connect again.
    connection.hasFailedConnect = true;
    return connection.replyError(id, errorCode.tokenExpired);
  }
  if (connection.isClosed) return;
  connection.clientId = randomUUID();
  connection.userId = verdict.userId;
  connection.expiresAt = (verdict.expiresAt ?? 0) * 1000;
  connection.hub.opened(connection);
  connection.reply(id, 'connect', {
    client: connection.clientId,
    version: connection.hub.version,
    ping: connection.hub.pingIntervalSeconds,
    pong: true,
    ...expiry(connection),
  });
}

/** The token's remaining life for the connect and refresh replies: the client refreshes when `ttl` runs out. */
function expiry(connection: CommandConnection): { expires?: true; ttl?: number } {
  if (connection.expiresAt === 0) return {};
  return { expires: true, ttl: Math.max(1, Math.floor((connection.expiresAt - connection.hub.now()) / 1000)) };
}

async function refresh(connection: CommandConnection, id: number, request: Record<string, unknown>): Promise<void> {
  const token = typeof request.token === 'string' ? request.token : '';
  const verdict = token === '' ? ({ ok: false, reason: 'invalid' } as const) : await connection.hub.verifyToken(token);
  if (!verdict.ok || verdict.userId !== connection.userId) {
    // An expired token on refresh: reconnect, where connect answers 109 and the client fetches a new one.
    const reason = verdict.ok || verdict.reason === 'invalid' ? disconnect.invalidToken : disconnect.expired;
    return void (await connection.close(reason));
  }
  connection.expiresAt = (verdict.expiresAt ?? 0) * 1000;
  connection.reply(id, 'refresh', { client: connection.clientId, version: connection.hub.version, ...expiry(connection) });
}

async function subscribe(connection: CommandConnection, id: number, request: Record<string, unknown>): Promise<void> {
  const channel = request.channel;
  if (typeof channel !== 'string' || channel === '') return connection.replyError(id, errorCode.badRequest);
  if (connection.subscriptions.has(channel)) return connection.replyError(id, errorCode.alreadySubscribed);
  if (connection.subscriptions.size >= connection.hub.limits.maxSubscriptions) return connection.replyError(id, errorCode.limitExceeded);
  const decision = await connection.hub.canSubscribe(connection.userId, channel, request.data);
  if (decision === 'unknown_channel') return connection.replyError(id, errorCode.unknownChannel);
  if (decision !== true) return connection.replyError(id, errorCode.permissionDenied);
  if (connection.isClosed) return;

  // Listen first, then read the position: a publication in between is both held back and
  // in history, and is sent once because held-back ones are filtered by offset.
  const pending: PendingPublications = [];
  connection.subscriptions.set(channel, pending);
  await connection.hub.addSubscriber(channel, connection);
  const isRecovering = request.recover === true;
  const query: HistoryQuery = isRecovering
    ? { since: { offset: Number(request.offset ?? 0), epoch: typeof request.epoch === 'string' ? request.epoch : '' }, limit: -1 }
    : { limit: 0 };
  const history = await connection.hub.broker.history(channel, query);
  if (connection.isClosed) return;
  const { offset, epoch } = history.position;
  let result: object = { recoverable: true, epoch, offset };
  if (isRecovering) {
    const isRejectingUnrecovered = (Number(request.flag ?? 0) & 2) !== 0;
    if (!history.ok && isRejectingUnrecovered) {
      connection.subscriptions.delete(channel);
      connection.hub.removeSubscriber(channel, connection);
      return connection.replyError(id, errorCode.unrecoverablePosition);
    }
    result = history.ok
      ? { ...result, was_recovering: true, recovered: true, publications: history.publications }
      : { ...result, was_recovering: true, recovered: false };
  }
  connection.reply(id, 'subscribe', result);
  let sentUpTo = offset;
  for (const held of pending) {
    if (held.offset <= sentUpTo) continue; // already in the reply, from history
    connection.send(held.raw);
    sentUpTo = held.offset;
  }
  connection.subscriptions.set(channel, { offset: sentUpTo, epoch });
  if (connection.hub.channelOptions(channel).hasPresence) {
    await connection.hub.broker.addPresence(channel, connection.info());
    // Closed meanwhile: the leave already ran, so this entry would outlive the client.
    if (connection.isClosed) return connection.hub.broker.removePresence(channel, connection.clientId ?? '');
    connection.hub.onPresence?.({ channel, userId: connection.userId, isJoin: true });
    if (pushesJoinLeave(connection.hub.channelOptions(channel))) await connection.hub.broker.publishJoin(channel, connection.info());
  }
}

/**
 * `send` is one-way: the protocol has no reply that could carry an error. Without a handler,
 * Centrifuge closes with 3508 (not available) so that the client learns the server takes no
 * messages; we do the same. The app takes player actions over HTTP, so a client that sends is
 * built wrong, and dropping its messages in silence would hide that.
 */
async function handleSend(connection: CommandConnection, data: unknown): Promise<void> {
  if (connection.hub.onSend !== undefined) return connection.hub.onSend(connection.userId, data);
  connection.hub.logger.warn(
    { user: connection.userId, client: connection.clientId },
    'realtime send refused: this server takes no client messages',
  );
  await connection.close(disconnect.notAvailable);
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
function subRefresh(connection: CommandConnection, id: number, request: Record<string, unknown>): void {
  const channel = request.channel;
  if (typeof channel !== 'string' || channel === '') return connection.replyError(id, errorCode.badRequest);
  if (!connection.subscriptions.has(channel)) return connection.replyError(id, errorCode.permissionDenied);
  connection.reply(id, 'sub_refresh', {});
}

async function unsubscribe(connection: CommandConnection, id: number, request: Record<string, unknown>): Promise<void> {
  const channel = typeof request.channel === 'string' ? request.channel : '';
  if (connection.subscriptions.delete(channel)) await connection.leave(channel);
  connection.reply(id, 'unsubscribe', {});
}

async function presence(connection: CommandConnection, id: number, request: Record<string, unknown>, isStats: boolean): Promise<void> {
  const channel = typeof request.channel === 'string' ? request.channel : '';
  if (!connection.subscriptions.has(channel)) return connection.replyError(id, errorCode.permissionDenied);
  if (!connection.hub.channelOptions(channel).hasPresence) return connection.replyError(id, errorCode.notAvailable);
  let clients = await connection.hub.broker.presence(channel);
  const visibility = connection.hub.visiblePresence;
  if (visibility !== undefined) {
    const visible = await visibility(channel, [...new Set(Object.values(clients).map((info) => info.user))]);
    clients = Object.fromEntries(Object.entries(clients).filter(([, info]) => visible.has(info.user)));
  }
  if (!isStats) return connection.reply(id, 'presence', { presence: clients });
  const users = new Set(Object.values(clients).map((info) => info.user));
  connection.reply(id, 'presence_stats', { num_clients: Object.keys(clients).length, num_users: users.size });
}

async function history(connection: CommandConnection, id: number, request: Record<string, unknown>): Promise<void> {
  const channel = typeof request.channel === 'string' ? request.channel : '';
  if (!connection.subscriptions.has(channel)) return connection.replyError(id, errorCode.permissionDenied);
  const since = isRecord(request.since)
    ? { offset: Number(request.since.offset ?? 0), epoch: typeof request.since.epoch === 'string' ? request.since.epoch : '' }
    : undefined;
  const limit = typeof request.limit === 'number' ? request.limit : 0;
  const query: HistoryQuery = { limit, reverse: request.reverse === true, ...(since === undefined ? {} : { since }) };
  const history = await connection.hub.broker.history(channel, query);
  if (!history.ok) return connection.replyError(id, errorCode.unrecoverablePosition);
  connection.reply(id, 'history', { publications: history.publications, epoch: history.position.epoch, offset: history.position.offset });
}

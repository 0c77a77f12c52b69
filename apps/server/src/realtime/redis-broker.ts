import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  defaultBrokerLimits,
  selectHistory,
  type Broker,
  type BrokerEvent,
  type BrokerLimits,
  type ClientInfo,
  type ControlCommand,
  type Publication,
  userOfChannel,
  type PublishItem,
  type StreamPosition,
  epochSource,
} from './broker.js';
import { countRedisCommands } from '../shared/work-counters.js';

// One script call publishes a whole batch (a move's outbox) so that, per publication, the offset,
// the stream entry and the pub/sub message happen in one step: every node sees publications in
// offset order, and history never misses one that was delivered live. It is loaded once and called
// by its SHA (ioredis sends EVALSHA, and EVAL only after a NOSCRIPT), not resent with every call.
// KEYS, 3 per publication: stream, meta hash, idempotency key. ARGV: history size, history TTL,
// idempotency TTL, the epoch for a new stream, this node's id; then 4 per publication: the data's
// JSON, the pub/sub name, '1' when it has an idempotency key, '1' when this node's own subscription
// to the channel is in place. A publication whose key was seen answers '=' and the first one's
// position, and publishes nothing. The pub/sub message goes out only when some other node listens:
// this node has delivered it to its own clients already, and its echo would be read and dropped.
const publishScript = `
local results = {}
for i = 1, #KEYS / 3 do
  local stream, meta, idem = KEYS[i * 3 - 2], KEYS[i * 3 - 1], KEYS[i * 3]
  local data, name, keyed, own = ARGV[2 + i * 4], ARGV[3 + i * 4], ARGV[4 + i * 4], ARGV[5 + i * 4]
  local earlier = false
  if keyed == '1' then earlier = redis.call('get', idem) end
  if earlier then
    results[i] = '=' .. earlier
  else
    local epoch = redis.call('hget', meta, 'e')
    if not epoch then
      epoch = ARGV[4]
      redis.call('hset', meta, 'e', epoch)
      redis.call('del', stream)
    end
    local offset = redis.call('hincrby', meta, 'o', 1)
    redis.call('xadd', stream, 'MAXLEN', ARGV[1], offset .. '-1', 'd', data)
    redis.call('expire', stream, ARGV[2])
    redis.call('expire', meta, ARGV[2])
    local result = offset .. ':' .. epoch
    local listeners = redis.call('pubsub', 'numsub', name)[2]
    if listeners > (own == '1' and 1 or 0) then
      redis.call('publish', name, '{"t":"p","n":"' .. ARGV[5] .. '","o":' .. offset .. ',"e":"' .. epoch .. '","d":' .. data .. '}')
    end
    if keyed == '1' then redis.call('set', idem, result, 'EX', ARGV[3]) end
    results[i] = result
  end
end
return results
`;

// Reads the position and the kept tail together; a channel read before its first publication
// gets its epoch now, so a client that subscribed then recovers against the same stream.
const historyScript = `
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[1]
  redis.call('hset', KEYS[2], 'e', epoch, 'o', 0)
  redis.call('expire', KEYS[2], ARGV[2])
  redis.call('del', KEYS[1])
end
local offset = redis.call('hget', KEYS[2], 'o')
local entries = {}
if ARGV[3] == '1' then entries = redis.call('xrange', KEYS[1], '-', '+') end
return {epoch, offset, entries}
`;

// A client's presence in a channel, refreshed by every heartbeat: one script call, not a MULTI of
// three commands. KEYS: the channel's presence hash, the online set. ARGV: client id, its entry,
// the TTL in seconds, when it runs out (ms), and the user when the channel is their own (else '').
const presenceScript = `
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
redis.call('expire', KEYS[1], ARGV[3])
if ARGV[5] ~= '' then redis.call('zadd', KEYS[2], ARGV[4], ARGV[5]) end
return 1
`;

type StreamEntry = [id: string, fields: string[]];

/** The scripts, as ioredis defines them on the connection (EVALSHA, EVAL once after a NOSCRIPT). */
interface Scripts {
  durakPublish(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<string[]>;
  durakHistory(stream: string, meta: string, ...args: (string | number)[]): Promise<[string, string, StreamEntry[]]>;
  durakPresence(presence: string, online: string, ...args: (string | number)[]): Promise<number>;
}

interface WireEvent {
  t: 'p' | 'j' | 'l';
  /** The node that published it (publications only). */
  n?: string;
  o?: number;
  e?: string;
  d?: unknown;
  i?: ClientInfo;
}

export interface RedisBrokerOptions extends Partial<BrokerLimits> {
  url: string;
  /** Namespaces every key and pub/sub channel, so that deployments (and test runs) can share one Redis. */
  prefix?: string;
  onError?: (error: Error) => void;
}

/** The broker of several nodes: pub/sub fan-out, history in streams, presence in hashes with expiry. */
export function createRedisBroker(options: RedisBrokerOptions): Broker {
  const limits = { ...defaultBrokerLimits, ...options };
  const prefix = options.prefix ?? 'durak:rt';
  const commands = countRedisCommands(new Redis(options.url, { maxRetriesPerRequest: 3, enableAutoPipelining: true })) as Redis & Scripts;
  commands.defineCommand('durakPublish', { lua: publishScript });
  commands.defineCommand('durakHistory', { lua: historyScript, numberOfKeys: 2 });
  commands.defineCommand('durakPresence', { lua: presenceScript, numberOfKeys: 2 });
  // This node delivers its own publications to its own clients at once; their copies coming back
  // through pub/sub start with this and are dropped unread.
  const nodeId = randomBytes(6).toString('hex');
  const ownEcho = `{"t":"p","n":"${nodeId}",`;
  const newEpoch = epochSource(randomBytes(4).toString('hex'));
  // The channels this node listens to: its own publications on them are delivered here at once.
  const listened = new Set<string>();
  // Those whose subscription Redis has confirmed (and not lost with the connection since): only
  // there may the script count one subscriber as this node's own and skip the pub/sub message.
  const confirmed = new Set<string>();
  const subscriber = new Redis(options.url);
  const onError = options.onError ?? (() => {});
  commands.on('error', onError);
  subscriber.on('error', onError);

  const streamKey = (channel: string) => `${prefix}:s:${channel}`;
  const metaKey = (channel: string) => `${prefix}:m:${channel}`;
  const presenceKey = (channel: string) => `${prefix}:p:${channel}`;
  const pubsubName = (channel: string) => `${prefix}:c:${channel}`;
  const pubsubPrefix = `${prefix}:c:`;
  const controlName = `${prefix}:control`;
  // Who is online, over every node: a sorted set of user ids scored by when their presence runs
  // out, so the count is one range delete and a ZCARD instead of a scan of every user's hash.
  const onlineKey = `${prefix}:online`;

  let deliver: (event: BrokerEvent) => void = () => {};
  let resync: () => void = () => {};
  let wasReady = false;
  subscriber.on('close', () => confirmed.clear());
  subscriber.on('ready', () => {
    // ioredis subscribes again after a reconnect, but what was published meanwhile never
    // reached this node: its clients must recover from history.
    if (wasReady) resync();
    wasReady = true;
  });
  // Every node hears its own announcements too, and the connection cap starts counting a
  // connection only once its own comes back: none is published before this node listens.
  const listening = subscriber.subscribe(controlName).then(() => undefined, onError);
  subscriber.on('message', (name: string, message: string) => {
    if (name === controlName) return deliver({ type: 'control', command: JSON.parse(message) as ControlCommand });
    if (!name.startsWith(pubsubPrefix) || message.startsWith(ownEcho)) return;
    const channel = name.slice(pubsubPrefix.length);
    const event = JSON.parse(message) as WireEvent;
    if (event.t === 'p') {
      deliver({ type: 'pub', channel, pub: { offset: event.o ?? 0, data: event.d }, epoch: event.e ?? '' });
    } else if (event.i !== undefined) {
      deliver({ type: event.t === 'j' ? 'join' : 'leave', channel, info: event.i });
    }
  });

  function parsePosition(result: string): { offset: number; epoch: string } {
    const at = result.indexOf(':');
    return { offset: Number(result.slice(0, at)), epoch: result.slice(at + 1) };
  }

  async function publishMany(items: readonly PublishItem[]): Promise<StreamPosition[]> {
    if (items.length === 0) return [];
    const keys: string[] = [];
    const args: (string | number)[] = [limits.historySize, limits.historyTtlSeconds, limits.idempotencyTtlSeconds, newEpoch(), nodeId];
    const texts = items.map((item) => JSON.stringify(item.data ?? null));
    items.forEach((item, i) => {
      const key = item.options?.idempotencyKey;
      keys.push(streamKey(item.channel), metaKey(item.channel), `${prefix}:i:${item.channel}:${key ?? ''}`);
      args.push(texts[i]!, pubsubName(item.channel), key === undefined ? '0' : '1', confirmed.has(item.channel) ? '1' : '0');
    });
    const results = await commands.durakPublish(keys.length, ...keys, ...args);
    return results.map((result, i) => {
      const isRepeat = result.startsWith('=');
      const position = parsePosition(isRepeat ? result.slice(1) : result);
      if (!isRepeat && listened.has(items[i]!.channel)) {
        const item = items[i]!;
        deliver({
          type: 'pub',
          channel: item.channel,
          pub: { offset: position.offset, data: item.data },
          epoch: position.epoch,
          raw: texts[i]!,
        });
      }
      return position;
    });
  }

  return {
    async publish(channel, data, publishOptions) {
      const [position] = await publishMany([{ channel, data, ...(publishOptions ? { options: publishOptions } : {}) }]);
      return position!;
    },
    publishMany,
    async subscribe(channel) {
      listened.add(channel);
      await subscriber.subscribe(pubsubName(channel));
      if (listened.has(channel) && subscriber.status === 'ready') confirmed.add(channel);
    },
    async unsubscribe(channel) {
      listened.delete(channel);
      confirmed.delete(channel);
      await subscriber.unsubscribe(pubsubName(channel));
    },
    listen(onEvent, onResync) {
      deliver = onEvent;
      resync = onResync ?? (() => {});
    },
    async history(channel, query) {
      const wantsEntries = query.since !== undefined || query.limit !== 0;
      const [epoch, offset, entries] = (await commands.durakHistory(
        streamKey(channel),
        metaKey(channel),
        newEpoch(),
        limits.historyTtlSeconds,
        wantsEntries ? '1' : '0',
      )) as [string, string, StreamEntry[]];
      const kept: Publication[] = entries.map(([id, fields]) => ({
        offset: Number(id.slice(0, id.indexOf('-'))),
        data: JSON.parse(fields[1] ?? 'null') as unknown,
      }));
      return selectHistory(kept, { offset: Number(offset), epoch }, query);
    },
    async publishJoin(channel, info) {
      await commands.publish(pubsubName(channel), JSON.stringify({ t: 'j', i: info }));
    },
    async publishLeave(channel, info) {
      await commands.publish(pubsubName(channel), JSON.stringify({ t: 'l', i: info }));
    },
    async publishControl(command) {
      await listening;
      await commands.publish(controlName, JSON.stringify(command));
    },
    async addPresence(channel, info) {
      const expiresAt = Date.now() + limits.presenceTtlSeconds * 1000;
      const entry = JSON.stringify({ u: info.user, x: expiresAt });
      const user = userOfChannel(channel) === null ? '' : info.user;
      await commands.durakPresence(presenceKey(channel), onlineKey, info.client, entry, limits.presenceTtlSeconds, expiresAt, user);
    },
    async removePresence(channel, clientId) {
      const user = userOfChannel(channel);
      if (user === null) return void (await commands.hdel(presenceKey(channel), clientId));
      // The user stays online while another of their connections (a second tab) is present.
      const [, left] = (await commands.multi().hdel(presenceKey(channel), clientId).hlen(presenceKey(channel)).exec()) ?? [];
      if (left?.[1] === 0) await commands.zrem(onlineKey, user);
    },
    async onlineUsers() {
      const [, count] = (await commands.multi().zremrangebyscore(onlineKey, '-inf', Date.now()).zcard(onlineKey).exec()) ?? [];
      return Number(count?.[1] ?? 0);
    },
    async presence(channel) {
      const entries = await commands.hgetall(presenceKey(channel));
      const now = Date.now();
      const result: Record<string, ClientInfo> = {};
      const expired: string[] = [];
      for (const [client, value] of Object.entries(entries)) {
        const entry = JSON.parse(value) as { u: string; x: number };
        // Entries of a node that died are never removed by it: they age out here.
        if (entry.x > now) result[client] = { client, user: entry.u };
        else expired.push(client);
      }
      if (expired.length > 0) await commands.hdel(presenceKey(channel), ...expired);
      return result;
    },
    async close() {
      subscriber.disconnect();
      await commands.quit();
    },
  };
}

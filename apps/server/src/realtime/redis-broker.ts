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
} from './broker.js';
import { newEpoch } from './memory-broker.js';
import { countRedisCommands } from '../shared/work-counters.js';

// One script per publish so that the offset, the stream entry and the pub/sub message happen
// in one step: every node sees publications in offset order, and history never misses one
// that was delivered live.
const publishScript = `
if ARGV[6] == '1' then
  local earlier = redis.call('get', KEYS[3])
  if earlier then return earlier end
end
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[4]
  redis.call('hset', KEYS[2], 'e', epoch)
  redis.call('del', KEYS[1])
end
local offset = redis.call('hincrby', KEYS[2], 'o', 1)
redis.call('xadd', KEYS[1], 'MAXLEN', ARGV[2], offset .. '-1', 'd', ARGV[1])
redis.call('expire', KEYS[1], ARGV[3])
redis.call('expire', KEYS[2], ARGV[3])
local result = offset .. ':' .. epoch
redis.call('publish', ARGV[5], '{"t":"p","o":' .. offset .. ',"e":"' .. epoch .. '","d":' .. ARGV[1] .. '}')
if ARGV[6] == '1' then redis.call('set', KEYS[3], result, 'EX', ARGV[7]) end
return result
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

type StreamEntry = [id: string, fields: string[]];

interface WireEvent {
  t: 'p' | 'j' | 'l';
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
  const commands = countRedisCommands(new Redis(options.url, { maxRetriesPerRequest: 3 }));
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

  let deliver: (event: BrokerEvent) => void = () => {};
  let resync: () => void = () => {};
  let wasReady = false;
  subscriber.on('ready', () => {
    // ioredis subscribes again after a reconnect, but what was published meanwhile never
    // reached this node: its clients must recover from history.
    if (wasReady) resync();
    wasReady = true;
  });
  subscriber.subscribe(controlName).catch(onError);
  subscriber.on('message', (name: string, message: string) => {
    if (name === controlName) return deliver({ type: 'control', command: JSON.parse(message) as ControlCommand });
    if (!name.startsWith(pubsubPrefix)) return;
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

  return {
    async publish(channel, data, publishOptions = {}) {
      const key = publishOptions.idempotencyKey;
      const result = (await commands.eval(
        publishScript,
        3,
        streamKey(channel),
        metaKey(channel),
        `${prefix}:i:${channel}:${key ?? ''}`,
        JSON.stringify(data ?? null),
        limits.historySize,
        limits.historyTtlSeconds,
        newEpoch(),
        pubsubName(channel),
        key === undefined ? '0' : '1',
        limits.idempotencyTtlSeconds,
      )) as string;
      return parsePosition(result);
    },
    async subscribe(channel) {
      await subscriber.subscribe(pubsubName(channel));
    },
    async unsubscribe(channel) {
      await subscriber.unsubscribe(pubsubName(channel));
    },
    listen(onEvent, onResync) {
      deliver = onEvent;
      resync = onResync ?? (() => {});
    },
    async history(channel, query) {
      const wantsEntries = query.since !== undefined || query.limit !== 0;
      const [epoch, offset, entries] = (await commands.eval(
        historyScript,
        2,
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
      await commands.publish(controlName, JSON.stringify(command));
    },
    async addPresence(channel, info) {
      const expiresAt = Date.now() + limits.presenceTtlSeconds * 1000;
      await commands
        .multi()
        .hset(presenceKey(channel), info.client, JSON.stringify({ u: info.user, x: expiresAt }))
        .expire(presenceKey(channel), limits.presenceTtlSeconds)
        .exec();
    },
    async removePresence(channel, clientId) {
      await commands.hdel(presenceKey(channel), clientId);
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

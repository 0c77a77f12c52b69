import { randomBytes } from 'node:crypto';
import {
  defaultBrokerLimits,
  selectHistory,
  type Broker,
  type BrokerEvent,
  type BrokerLimits,
  type ClientInfo,
  type HistoryQuery,
  type HistoryResult,
  type Publication,
  type StreamPosition,
  userOfChannel,
} from './broker.js';

interface Stream {
  epoch: string;
  offset: number;
  lastPublishAt: number;
  kept: Publication[];
}

interface PresenceEntry {
  info: ClientInfo;
  expiresAt: number;
}

export function newEpoch(): string {
  return randomBytes(6).toString('hex');
}

/** The broker of a single node: everything lives in this process. */
export function createMemoryBroker(limits: Partial<BrokerLimits> = {}, now: () => number = Date.now): Broker {
  const { historySize, historyTtlSeconds, presenceTtlSeconds, idempotencyTtlSeconds } = { ...defaultBrokerLimits, ...limits };
  const streams = new Map<string, Stream>();
  const presence = new Map<string, Map<string, PresenceEntry>>();
  const idempotent = new Map<string, { position: StreamPosition; expiresAt: number }>();
  const listened = new Set<string>();
  let deliver: (event: BrokerEvent) => void = () => {};

  function stream(channel: string): Stream {
    let current = streams.get(channel);
    // A stream idle past its age is gone, as a Redis key would expire: a new epoch tells
    // recovering clients that what they missed cannot be replayed.
    if (current === undefined || now() - current.lastPublishAt > historyTtlSeconds * 1000) {
      current = { epoch: newEpoch(), offset: 0, lastPublishAt: now(), kept: [] };
      streams.set(channel, current);
    }
    return current;
  }

  function forgetExpiredKeys(): void {
    const time = now();
    for (const [key, entry] of idempotent) {
      if (entry.expiresAt > time) break; // insertion order is expiry order
      idempotent.delete(key);
    }
  }

  // Channels come and go with rooms: what aged out is dropped, or a long-running node would
  // keep every room's history forever.
  const sweeper = setInterval(() => {
    const time = now();
    for (const [channel, current] of streams) {
      if (time - current.lastPublishAt > historyTtlSeconds * 1000) streams.delete(channel);
    }
    for (const [channel, entries] of presence) {
      for (const [client, entry] of entries) if (entry.expiresAt <= time) entries.delete(client);
      if (entries.size === 0) presence.delete(channel);
    }
    forgetExpiredKeys();
  }, 60_000);
  sweeper.unref();

  const broker: Broker = {
    async publishMany(items) {
      const positions: StreamPosition[] = [];
      for (const item of items) positions.push(await broker.publish(item.channel, item.data, item.options));
      return positions;
    },
    async publish(channel, data, options = {}) {
      forgetExpiredKeys();
      const key = options.idempotencyKey === undefined ? undefined : `${channel}\n${options.idempotencyKey}`;
      const earlier = key === undefined ? undefined : idempotent.get(key);
      if (earlier !== undefined) return earlier.position;
      const current = stream(channel);
      current.offset += 1;
      current.lastPublishAt = now();
      const pub: Publication = { offset: current.offset, data };
      current.kept.push(pub);
      if (current.kept.length > historySize) current.kept.shift();
      const position = { offset: current.offset, epoch: current.epoch };
      if (key !== undefined) idempotent.set(key, { position, expiresAt: now() + idempotencyTtlSeconds * 1000 });
      if (listened.has(channel)) deliver({ type: 'pub', channel, pub, epoch: current.epoch });
      return position;
    },
    async subscribe(channel) {
      listened.add(channel);
    },
    async unsubscribe(channel) {
      listened.delete(channel);
    },
    listen(onEvent) {
      deliver = onEvent;
    },
    async history(channel: string, query: HistoryQuery): Promise<HistoryResult> {
      const current = stream(channel);
      return selectHistory(current.kept, { offset: current.offset, epoch: current.epoch }, query);
    },
    async publishJoin(channel, info) {
      if (listened.has(channel)) deliver({ type: 'join', channel, info });
    },
    async publishLeave(channel, info) {
      if (listened.has(channel)) deliver({ type: 'leave', channel, info });
    },
    async publishControl(command) {
      deliver({ type: 'control', command });
    },
    async addPresence(channel, info) {
      let entries = presence.get(channel);
      if (entries === undefined) {
        entries = new Map();
        presence.set(channel, entries);
      }
      entries.set(info.client, { info, expiresAt: now() + presenceTtlSeconds * 1000 });
    },
    async removePresence(channel, clientId) {
      const entries = presence.get(channel);
      entries?.delete(clientId);
      if (entries?.size === 0) presence.delete(channel);
    },
    async presence(channel) {
      const result: Record<string, ClientInfo> = {};
      const time = now();
      for (const [client, entry] of presence.get(channel) ?? []) {
        if (entry.expiresAt > time) result[client] = entry.info;
      }
      return result;
    },
    async onlineUsers() {
      const time = now();
      let count = 0;
      for (const [channel, entries] of presence) {
        if (userOfChannel(channel) !== null && [...entries.values()].some((e) => e.expiresAt > time)) count++;
      }
      return count;
    },
    async close() {
      clearInterval(sweeper);
      listened.clear();
    },
  };
  return broker;
}

import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { Broker, BrokerEvent } from './broker.js';
import { createRedisBroker } from './redis-broker.js';
import { brokerContract } from './test-broker-contract.js';
import { until } from './test-support.js';
import { redisUrl, uniquePrefix } from './test-redis.js';

const url = redisUrl();

describe.runIf(url !== undefined)('Redis broker', () => {
  brokerContract((limits) => createRedisBroker({ url: url ?? '', prefix: uniquePrefix(), ...limits }));
});

describe.runIf(url !== undefined)('Redis pub/sub only for the other nodes', () => {
  const opened: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const made of opened.splice(0)) await made.close();
  });

  /** A node's broker, and the publications it was handed. */
  function node(prefix: string): { broker: Broker; received: unknown[] } {
    const broker = createRedisBroker({ url: url ?? '', prefix });
    opened.push(broker);
    const received: unknown[] = [];
    broker.listen((event: BrokerEvent) => void (event.type === 'pub' && received.push(event.pub.data)));
    return { broker, received };
  }

  it('sends a publication over pub/sub only when another node listens to its channel; its own node has it at once', async () => {
    const prefix = uniquePrefix();
    // What crosses Redis's pub/sub, seen by a pattern subscription (which the script's count of a
    // channel's subscribers leaves out).
    const watcher = new Redis(url ?? '');
    opened.push({ close: () => watcher.quit() });
    const crossed: string[] = [];
    watcher.on('pmessage', (_pattern: string, channel: string) => crossed.push(channel));
    await watcher.psubscribe(`${prefix}:c:*`);

    const a = node(prefix);
    await a.broker.subscribe('room:1');
    await a.broker.publishMany([
      { channel: 'room:1', data: { n: 1 } },
      { channel: '#7', data: { n: 2 } },
    ]);
    expect(a.received).toEqual([{ n: 1 }]);

    const b = node(prefix);
    await b.broker.subscribe('room:1');
    await a.broker.publish('room:1', { n: 3 });
    await until(() => b.received.length === 1);
    expect(b.received).toEqual([{ n: 3 }]);
    expect(a.received).toEqual([{ n: 1 }, { n: 3 }]);
    // Only the publication another node listened to crossed; nothing went to a channel nobody heard.
    await until(() => crossed.length >= 1);
    expect(crossed).toEqual([`${prefix}:c:room:1`]);
    // Every publication is in the channel's history all the same.
    const history = await b.broker.history('room:1', { limit: -1 });
    expect(history.ok && history.publications.map((p) => p.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });
});

describe.runIf(url !== undefined)('Redis control channel', () => {
  it('a node hears every announcement it makes, the first ones made the instant it starts included', async () => {
    // The connection cap counts a connection only from its own announcement on: one lost while the
    // node was still subscribing would never be closed. Twenty fresh brokers, each announcing at once.
    const brokers = Array.from({ length: 20 }, () => createRedisBroker({ url: url ?? '', prefix: uniquePrefix() }));
    try {
      const heard = brokers.map(() => [] as string[]);
      brokers.forEach((broker, i) =>
        broker.listen(
          (event) => void (event.type === 'control' && event.command.kind === 'opened' && heard[i]!.push(event.command.clientId)),
        ),
      );
      await Promise.all(brokers.map((broker, i) => broker.publishControl({ kind: 'opened', userId: 'u', clientId: `c${i}` })));
      await until(() => heard.every((list) => list.length === 1));
      expect(heard).toEqual(brokers.map((_, i) => [`c${i}`]));
    } finally {
      await Promise.all(brokers.map((broker) => broker.close()));
    }
  });
});

import type { PublicationContext, SubscribedContext, UnsubscribedContext } from 'centrifuge';
import { afterEach, describe, expect, it } from 'vitest';
import type { Broker, BrokerLimits } from './broker.js';
import { createMemoryBroker } from './memory-broker.js';
import type { GatewayOptions } from './gateway.js';
import { createRedisBroker } from './redis-broker.js';
import {
  disconnectClients,
  newClient,
  nextEvent,
  rawSocket,
  signToken,
  startNode,
  startProxy,
  testClock,
  until,
  type TestNode,
} from './test-support.js';
import { redisUrl, uniquePrefix } from './test-redis.js';

type MakeBroker = (limits: Partial<BrokerLimits>) => Broker;
const url = redisUrl();
const brokers: [string, MakeBroker][] = [['in-memory', (limits) => createMemoryBroker(limits)]];
if (url !== undefined) brokers.push(['Redis', (limits) => createRedisBroker({ url, prefix: uniquePrefix(), ...limits })]);

const stops: (() => Promise<void>)[] = [];

afterEach(async () => {
  disconnectClients();
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe.each(brokers)('realtime gateway with the centrifuge client, %s broker', (brokerName, makeBroker) => {
  async function node(limits: Partial<BrokerLimits> = {}, options: Partial<GatewayOptions> = {}): Promise<TestNode> {
    const broker = makeBroker(limits);
    const started = await startNode({ ...options, broker });
    stops.push(async () => {
      await started.stop();
      await broker.close();
    });
    return started;
  }

  it('delivers a server publication to a subscriber of the lobby, with its offset', async () => {
    const { url, gateway } = await node();
    const client = newClient(url, { token: await signToken('u1') });
    const sub = client.newSubscription('lobby');
    sub.subscribe();
    client.connect();
    const subscribed = await nextEvent<SubscribedContext>(sub, 'subscribed');
    expect(subscribed.recoverable).toBe(true);
    const received = nextEvent<PublicationContext>(sub, 'publication');
    const position = await gateway.publish('lobby', { type: 'room_created', seq: 1 });
    const pub = await received;
    expect(pub.data).toEqual({ type: 'room_created', seq: 1 });
    expect(pub.offset).toBe(position.offset);
  });

  it('sends what is published at once in one frame, newline-delimited, and the client reads every message in order', async () => {
    const { url, gateway } = await node();
    const socket = await rawSocket(url);
    const frames: string[] = [];
    socket.ws.on('message', (data: Buffer) => frames.push(data.toString()));
    socket.send({ id: 1, connect: { token: await signToken('u1') } }, { id: 2, subscribe: { channel: 'lobby' } });
    await until(() => socket.received.length === 2);
    frames.length = 0;
    await Promise.all([1, 2, 3].map((n) => gateway.publish('lobby', { n })));
    await until(() => socket.received.length === 5);
    // From Redis the three may arrive in separate reads (and so frames); in memory they come in one turn.
    if (brokerName === 'in-memory') expect(frames).toHaveLength(1);
    expect(
      frames
        .join('\n')
        .split('\n')
        .map((line) => (JSON.parse(line) as { push: { pub: { data: unknown } } }).push.pub.data),
    ).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);

    const client = newClient(url, { token: await signToken('u2') });
    const sub = client.newSubscription('lobby');
    const seen: unknown[] = [];
    sub.on('publication', (ctx) => seen.push(ctx.data));
    sub.subscribe();
    client.connect();
    await nextEvent(sub, 'subscribed');
    await Promise.all([4, 5, 6].map((n) => gateway.publish('lobby', { n })));
    await until(() => seen.length === 3);
    expect(seen).toEqual([{ n: 4 }, { n: 5 }, { n: 6 }]);
  });

  it('answers history with limit, reverse and since', async () => {
    const { url, gateway } = await node();
    for (let n = 1; n <= 5; n++) await gateway.publish('tournament:7', { n });
    const client = newClient(url, { token: await signToken('u1') });
    const sub = client.newSubscription('tournament:7');
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    const firstTwo = await sub.history({ limit: 2 });
    expect(firstTwo.publications.map((p) => p.data)).toEqual([{ n: 1 }, { n: 2 }]);
    const lastTwo = await sub.history({ limit: 2, reverse: true });
    expect(lastTwo.publications.map((p) => p.data)).toEqual([{ n: 5 }, { n: 4 }]);
    const sinceThird = await sub.history({ limit: -1, since: { offset: 3, epoch: firstTwo.epoch } });
    expect(sinceThird.publications.map((p) => p.data)).toEqual([{ n: 4 }, { n: 5 }]);
    await expect(sub.history({ limit: 1, since: { offset: 1, epoch: 'another-epoch' } })).rejects.toMatchObject({ code: 112 });
  });

  it('shows who is in a room through presence and join/leave pushes', async () => {
    const { url, gateway } = await node();
    const alice = newClient(url, { token: await signToken('alice') });
    const aliceRoom = alice.newSubscription('room:42');
    const joins: string[] = [];
    const leaves: string[] = [];
    aliceRoom.on('join', (ctx) => joins.push(ctx.info.user));
    aliceRoom.on('leave', (ctx) => leaves.push(ctx.info.user));
    aliceRoom.subscribe();
    alice.connect();
    await aliceRoom.ready(5000);
    const bob = newClient(url, { token: await signToken('bob') });
    const bobRoom = bob.newSubscription('room:42');
    bobRoom.subscribe();
    bob.connect();
    await until(() => joins.includes('bob'));
    await bobRoom.ready(5000);
    const presence = await aliceRoom.presence();
    expect(
      Object.values(presence.clients)
        .map((c) => c.user)
        .sort(),
    ).toEqual(['alice', 'bob']);
    expect(await aliceRoom.presenceStats()).toEqual({ numClients: 2, numUsers: 2 });
    expect(await gateway.isUserConnected('room:42', 'bob')).toBe(true);

    bob.disconnect();
    await until(() => leaves.includes('bob'));
    expect(leaves).toEqual(['bob']);
    expect(await gateway.isUserConnected('room:42', 'bob')).toBe(false);
  });

  it.each([
    ['another user’s personal channel', '#u2', 103],
    ['a channel of no known namespace', 'secret:1', 102],
  ])('refuses %s', async (_name, channel, code) => {
    const { url } = await node();
    const client = newClient(url, { token: await signToken('u1') });
    const sub = client.newSubscription(channel);
    sub.subscribe();
    client.connect();
    const unsubscribed = await nextEvent<UnsubscribedContext>(sub, 'unsubscribed');
    expect(unsubscribed.code).toBe(code);
  });

  it('lets a user read their own personal channel, and refuses publishing from a client', async () => {
    const { url, gateway } = await node();
    const client = newClient(url, { token: await signToken('u1') });
    const sub = client.newSubscription('#u1');
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    const received = nextEvent<PublicationContext>(sub, 'publication');
    await gateway.publish('#u1', { type: 'wallet_changed' });
    expect((await received).data).toEqual({ type: 'wallet_changed' });
    await expect(sub.publish({ cheat: true })).rejects.toMatchObject({ code: 103 });
  });

  it('answers the time rpc and refuses unknown methods with 104', async () => {
    const clock = testClock();
    const { url } = await node({}, { now: clock.now });
    const client = newClient(url, { token: await signToken('u1', 900, clock.now) });
    client.connect();
    await client.ready(5000);
    clock.advance(5000);
    const { data } = await client.rpc('time', {});
    expect(data).toEqual({ time: clock.now().getTime() }); // the gateway's clock
    await expect(client.rpc('nope', {})).rejects.toMatchObject({ code: 104 });
  });

  it('refreshes an expired token through getToken and connects', async () => {
    const { url } = await node();
    let calls = 0;
    const client = newClient(url, {
      token: await signToken('u1', -10),
      getToken: async () => {
        calls += 1;
        return signToken('u1');
      },
    });
    client.connect();
    await client.ready(5000);
    expect(calls).toBe(1);
  });

  it('stops a client with an invalid token from reconnecting', async () => {
    const { url } = await node();
    const client = newClient(url, { token: 'not-a-token' });
    client.connect();
    const disconnected = await nextEvent<{ code: number }>(client, 'disconnected');
    expect(disconnected.code).toBe(3500);
    expect(client.state).toBe('disconnected');
  });

  it('recovers exactly the publications missed while the connection was down', async () => {
    const { port, gateway } = await node();
    const proxy = await startProxy(port);
    stops.push(() => proxy.stop());
    const client = newClient(proxy.url, { token: await signToken('u1') });
    const sub = client.newSubscription('room:9');
    const seen: unknown[] = [];
    sub.on('publication', (ctx) => seen.push(ctx.data));
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    await gateway.publish('room:9', { seq: 1 });
    await until(() => seen.length === 1);

    proxy.isRefusing = true;
    const resubscribed = nextEvent<SubscribedContext>(sub, 'subscribed', 10_000);
    proxy.cutAll();
    await until(() => client.state === 'connecting');
    for (let seq = 2; seq <= 4; seq++) await gateway.publish('room:9', { seq });
    proxy.isRefusing = false;
    const ctx = await resubscribed;
    expect(ctx.wasRecovering).toBe(true);
    expect(ctx.recovered).toBe(true);
    await gateway.publish('room:9', { seq: 5 });
    await until(() => seen.length >= 5);
    expect(seen).toEqual([1, 2, 3, 4, 5].map((seq) => ({ seq })));
  });

  it('delivers every move exactly once in order while publications keep coming through two drops', async () => {
    const { port, gateway } = await node({ historySize: 500 });
    const proxy = await startProxy(port);
    stops.push(() => proxy.stop());
    const client = newClient(proxy.url, { token: await signToken('u1') });
    const sub = client.newSubscription('room:11');
    const seen: number[] = [];
    sub.on('publication', (ctx) => seen.push((ctx.data as { seq: number }).seq));
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    const total = 120;
    // The publisher runs beside the client a few publications ahead of it, paced by what the client
    // has seen rather than by time: some are in flight at every drop and come back from history
    // while new ones keep arriving.
    const ahead = 10;
    const publishing = (async () => {
      for (let seq = 1; seq <= total; seq++) {
        await until(() => seen.length >= seq - ahead, 10_000);
        await gateway.publish('room:11', { seq });
      }
    })();
    for (const afterSeq of [20, 60]) {
      await until(() => seen.length >= afterSeq);
      proxy.cutAll();
    }
    await publishing;
    // One more after the last: delivery is in order, so once it is in, no late copy can follow.
    await gateway.publish('room:11', { seq: total + 1 });
    await until(() => seen.at(-1) === total + 1, 10_000);
    expect(seen).toEqual(Array.from({ length: total + 1 }, (_, i) => i + 1));
  });

  it('says recovered: false when the missed publications are no longer kept', async () => {
    const { port, gateway } = await node({ historySize: 2 });
    const proxy = await startProxy(port);
    stops.push(() => proxy.stop());
    const client = newClient(proxy.url, { token: await signToken('u1') });
    const sub = client.newSubscription('room:9');
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    proxy.isRefusing = true;
    const resubscribed = nextEvent<SubscribedContext>(sub, 'subscribed', 10_000);
    proxy.cutAll();
    for (let seq = 1; seq <= 5; seq++) await gateway.publish('room:9', { seq });
    proxy.isRefusing = false;
    const ctx = await resubscribed;
    expect(ctx.wasRecovering).toBe(true);
    expect(ctx.recovered).toBe(false);
  });

  it('lets a service end one user’s room subscription and close a user’s connections', async () => {
    const { url, gateway } = await node();
    const alice = newClient(url, { token: await signToken('alice') });
    const bob = newClient(url, { token: await signToken('bob') });
    const aliceRoom = alice.newSubscription('room:13');
    const bobRoom = bob.newSubscription('room:13');
    aliceRoom.subscribe();
    bobRoom.subscribe();
    alice.connect();
    bob.connect();
    await Promise.all([aliceRoom.ready(5000), bobRoom.ready(5000)]);
    const unsubscribed = nextEvent<UnsubscribedContext>(bobRoom, 'unsubscribed');
    await gateway.unsubscribeUser('room:13', 'bob');
    expect((await unsubscribed).code).toBe(2000);
    await until(async () => !(await gateway.isUserConnected('room:13', 'bob')));
    expect(aliceRoom.state).toBe('subscribed');

    const disconnected = nextEvent<{ code: number }>(bob, 'disconnected');
    await gateway.disconnectUser('bob', { isReconnecting: false });
    expect((await disconnected).code).toBe(3503);
    expect(alice.state).toBe('connected');
  });

  it('tells clients to reconnect when the node shuts down', async () => {
    const first = await startNode();
    const client = newClient(first.url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);
    const connecting = nextEvent<{ code: number }>(client, 'connecting');
    await first.stop();
    expect((await connecting).code).toBe(3001);
  });
});

describe('realtime gateway recovery races', () => {
  it('sends a publication made while a client recovers once, whether or not history already had it', async () => {
    const inner = createMemoryBroker();
    let isArmed = false;
    // Publishes one publication just before the recovering subscribe reads history and one just after.
    const broker: Broker = {
      ...inner,
      async history(channel, query) {
        if (!isArmed) return inner.history(channel, query);
        isArmed = false;
        await inner.publish(channel, { seq: 4 });
        const result = await inner.history(channel, query);
        await inner.publish(channel, { seq: 5 });
        return result;
      },
    };
    const started = await startNode({ broker });
    stops.push(started.stop);
    const proxy = await startProxy(started.port);
    stops.push(() => proxy.stop());
    const client = newClient(proxy.url, { token: await signToken('u1') });
    const sub = client.newSubscription('room:12');
    const seen: number[] = [];
    sub.on('publication', (ctx) => seen.push((ctx.data as { seq: number }).seq));
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    await started.gateway.publish('room:12', { seq: 1 });
    await until(() => seen.length === 1);
    proxy.isRefusing = true;
    proxy.cutAll();
    await until(() => client.state === 'connecting');
    await started.gateway.publish('room:12', { seq: 2 });
    await started.gateway.publish('room:12', { seq: 3 });
    isArmed = true;
    proxy.isRefusing = false;
    await until(() => seen.includes(5));
    // One more after the last: delivery is in order, so once it is in, no late copy can follow.
    await started.gateway.publish('room:12', { seq: 6 });
    await until(() => seen.includes(6));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  disconnectClients,
  newClient,
  nextEvent,
  rawSocket,
  signToken,
  startNode,
  testClock,
  until,
  type TestNode,
  watchedClient,
} from './test-support.js';

const stops: (() => Promise<void>)[] = [];

async function node(options: Parameters<typeof startNode>[0] = {}): Promise<TestNode> {
  const started = await startNode(options);
  stops.push(started.stop);
  return started;
}

afterEach(async () => {
  disconnectClients();
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe('realtime connection health, token lifetime and limits', () => {
  it('keeps a connection whose token is refreshed before it runs out', async () => {
    const clock = testClock();
    const { url, gateway } = await node({ now: clock.now, expiredCloseDelayMs: 0, expirySweepMs: 0 });
    let refreshes = 0;
    const client = newClient(url, {
      // Runs out within a second, so the connect reply's ttl is 1: the client refreshes after 1 s of its own timer.
      token: await signToken('u1', 1, clock.now),
      getToken: async () => {
        refreshes += 1;
        return signToken('u1', 60, clock.now);
      },
    });
    let reconnects = 0;
    client.on('connecting', () => (reconnects += 1));
    client.connect();
    await client.ready(5000);
    reconnects = 0;
    await until(() => refreshes === 1);
    // The refresh reply is the next frame after the refresh; an rpc behind it proves it was taken.
    await client.rpc('time', {});
    clock.advance(30_000); // long past the first token, within the refreshed one
    gateway.sweepExpired();
    expect((await client.rpc('time', {})).data).toEqual({ time: clock.now().getTime() });
    expect(reconnects).toBe(0);
    expect(client.state).toBe('connected');
  });

  it('closes a connection whose token ran out without a refresh with a code that reconnects', async () => {
    const clock = testClock();
    const { url, gateway } = await node({ now: clock.now, expiredCloseDelayMs: 0, expirySweepMs: 0 });
    const socket = await rawSocket(url);
    socket.send({ id: 1, connect: { token: await signToken('u1', 1, clock.now) } });
    await until(() => socket.received.length === 1);
    gateway.sweepExpired();
    expect(gateway.connectionCount()).toBe(1); // still within its second
    clock.advance(1001);
    gateway.sweepExpired();
    expect((await socket.closed).code).toBe(3005);
  });

  it('closes an expired connection on its own within the sweep period', async () => {
    const clock = testClock();
    // The sweep's own timer, short: the close is awaited as an event, however late it comes.
    const { url } = await node({ now: clock.now, expiredCloseDelayMs: 0, expirySweepMs: 10 });
    const socket = await rawSocket(url);
    socket.send({ id: 1, connect: { token: await signToken('u1', 1, clock.now) } });
    await until(() => socket.received.length === 1);
    clock.advance(1001);
    expect((await socket.closed).code).toBe(3005);
  });

  it('waits the grace period for a refresh that comes just after the token ran out', async () => {
    const clock = testClock();
    const { url, gateway } = await node({ now: clock.now, expiredCloseDelayMs: 8000, expirySweepMs: 0 });
    const late = await rawSocket(url);
    const socket = await rawSocket(url);
    for (const each of [late, socket]) each.send({ id: 1, connect: { token: await signToken('u1', 1, clock.now) } });
    await until(() => socket.received.length === 1 && late.received.length === 1);
    clock.advance(2200); // the token is gone, the grace is not over
    gateway.sweepExpired();
    socket.send({ id: 2, refresh: { token: await signToken('u1', 60, clock.now) } });
    await until(() => socket.received.length === 2);
    expect(socket.received[1]).toMatchObject({ id: 2, refresh: { expires: true } });
    expect((socket.received[1] as { refresh: { ttl: number } }).refresh.ttl).toBeGreaterThanOrEqual(59); // the new token's minute
    clock.advance(8000); // past the first token's grace
    gateway.sweepExpired();
    expect((await late.closed).code).toBe(3005);
    socket.send({ id: 3, rpc: { method: 'time' } });
    await until(() => socket.received.length === 3);
    expect(socket.received[2]).toMatchObject({ id: 3, rpc: { data: { time: clock.now().getTime() } } });
    socket.ws.close();
  });

  it('drops a connection that does not answer the server ping, and keeps one that does', async () => {
    const { url, gateway } = await node({ pingIntervalMs: 0 });
    const answering = await rawSocket(url);
    const silent = await rawSocket(url);
    for (const each of [answering, silent]) each.send({ id: 1, connect: { token: await signToken('u1') } });
    await until(() => answering.received.length === 1 && silent.received.length === 1);
    gateway.turnPingWheel();
    await until(() => answering.received.length === 2 && silent.received.length === 2);
    expect(answering.received[1]).toEqual({});
    // The pong, then an rpc: its reply shows the server has read the pong.
    answering.send({}, { id: 2, rpc: { method: 'time' } });
    await until(() => answering.received.length === 3);
    gateway.turnPingWheel();
    expect((await silent.closed).code).toBe(3012);
    await until(() => answering.received.length === 4);
    expect(answering.received[3]).toEqual({}); // pinged again, still open
    expect(gateway.connectionCount()).toBe(1);
    answering.ws.close();
  });

  it('closes a connection that leaves the ping unanswered for the pong timeout', async () => {
    // The real timers, short: a socket that never answers is closed whenever the check runs.
    const { url } = await node({ pingIntervalMs: 150, pongTimeoutMs: 100 });
    const silent = await rawSocket(url);
    silent.send({ id: 1, connect: { token: await signToken('u2') } });
    expect((await silent.closed).code).toBe(3012);
  });

  it('closes a socket that never sends connect as stale', async () => {
    const clock = testClock();
    const { url, gateway } = await node({ now: clock.now, pingIntervalMs: 0, staleMs: 10_000 });
    const idle = await rawSocket(url);
    clock.advance(10_000);
    gateway.turnPingWheel();
    expect(gateway.connectionCount()).toBe(1); // not yet stale
    clock.advance(1);
    gateway.turnPingWheel();
    expect((await idle.closed).code).toBe(3502);
    expect(gateway.connectionCount()).toBe(0);
  });

  it('refuses a subscription past the per-connection limit with 106', async () => {
    const { url } = await node({ limits: { maxSubscriptions: 2 } });
    const client = newClient(url, { token: await signToken('u1') });
    const subs = ['lobby', 'room:1', 'room:2'].map((channel) => client.newSubscription(channel));
    client.connect();
    await client.ready(5000);
    subs[0]!.subscribe();
    subs[1]!.subscribe();
    await subs[1]!.ready(5000);
    subs[2]!.subscribe();
    const unsubscribed = await nextEvent<{ code: number }>(subs[2]!, 'unsubscribed');
    expect(unsubscribed.code).toBe(106);
  });

  it('answers 111 to commands beyond the rate limit', async () => {
    // A clock that stands still: nothing refills the bucket however slowly the commands arrive.
    const { url } = await node({ now: testClock().now, limits: { commandsPerSecond: 1, commandBurst: 4 } });
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => client.rpc('time', {})));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { code: number });
    expect(refused).toHaveLength(3); // the connect and three calls used the burst of 4
    expect(refused.every((error) => error.code === 111)).toBe(true);
    expect(client.state).toBe('connected'); // a short excess is refused, not punished
  });

  it('closes a client that keeps sending past the rate limit with 3013, and the client comes back later', async () => {
    const { url } = await node({ now: testClock().now, limits: { commandsPerSecond: 1, commandBurst: 4, commandOverdraft: 10 } });
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);
    const dropped = nextEvent<{ code: number }>(client, 'connecting');
    const flood = Array.from({ length: 40 }, () => client.rpc('time', {}).catch((error: { code: number }) => error));
    expect((await dropped).code).toBe(3013);
    const answers = (await Promise.all(flood)) as { code?: number }[];
    const refused = answers.filter((answer) => answer.code === 111).length;
    expect(refused).toBe(10); // the overdraft, answered 111 one by one before the close
    await client.ready(5000); // 3013 is not terminal: it reconnects after its backoff, with a fresh budget
    expect((await client.rpc('time', {})).data).toHaveProperty('time');
  });

  it('closes with 3013 a client that piles up frames while its commands wait', async () => {
    let release: () => void = () => {};
    const stalled = new Promise<boolean>((resolve) => (release = () => resolve(true)));
    // The channel rule stands in for anything slow a command awaits (Redis, the database).
    const { url } = await node({ canSubscribe: () => stalled, limits: { maxPendingBytes: 8 * 1024, commandBurst: 1000 } });
    const socket = await rawSocket(url);
    socket.send({ id: 1, connect: { token: await signToken('u1') } }, { id: 2, subscribe: { channel: 'lobby' } });
    await until(() => socket.received.length === 1);
    const padding = 'x'.repeat(1024);
    for (let id = 3; id < 23; id++) socket.send({ id, rpc: { method: 'time', data: { padding } } });
    const closed = await socket.closed;
    release();
    expect(closed.code).toBe(3013);
    expect(socket.received).toHaveLength(1); // none of the piled-up commands ran
  });

  it('closes a subscriber that does not read its publications with 3008, and the others keep getting theirs', async () => {
    const { url, gateway } = await node({ limits: { maxBufferedBytes: 1024 * 1024 } });
    const healthy = newClient(url, { token: await signToken('u1') });
    const healthySub = healthy.newSubscription('room:5');
    let healthyCount = 0;
    healthySub.on('publication', () => (healthyCount += 1));
    healthySub.subscribe();
    healthy.connect();
    await healthySub.ready(5000);

    const slow = await rawSocket(url);
    slow.send({ id: 1, connect: { token: await signToken('u2') } }, { id: 2, subscribe: { channel: 'room:5' } });
    await until(() => slow.received.length >= 2); // the replies, then its own join
    slow.ws.pause(); // stops reading: the kernel buffers fill, then the server's queue for it grows
    const payload = 'x'.repeat(32 * 1024);
    const total = 400; // 12.8 MB, more than the socket buffers of both ends hold
    for (let n = 1; n <= total; n++) {
      await gateway.publish('room:5', { n, payload });
      // Publications come from separate requests: the sockets get written between them.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => gateway.connectionCount() === 1);
    slow.ws.resume();
    expect((await slow.closed).code).toBe(3008);
    const slowCount = (slow.received as { push?: { pub?: unknown } }[]).filter((frame) => frame.push?.pub !== undefined).length;
    expect(slowCount).toBeLessThan(total);
    await until(() => healthyCount === total, 10_000);
  });

  it('closes with 1009 on a message over the size limit, which the client does not retry', async () => {
    const { url } = await node({ limits: { maxMessageBytes: 1024 } });
    const socket = await rawSocket(url);
    socket.send({ id: 1, connect: { token: 'x'.repeat(2000) } });
    expect((await socket.closed).code).toBe(1009);
  });

  it('stops the real client after a message over the size limit instead of reconnecting to send it again', async () => {
    const { url, gateway } = await node({ limits: { maxMessageBytes: 1024 } });
    const { client, disconnected, stayedDown } = await watchedClient(url, 'u1');
    const call = client.rpc('time', { padding: 'x'.repeat(2000) }).catch((error: unknown) => error);
    // The client turns the WebSocket's 1009 into its own terminal "message size limit" (3).
    expect(await disconnected).toMatchObject({ code: 3, reason: 'message size limit exceeded' });
    await call;
    expect(await stayedDown()).toBe(true);
    expect(gateway.connectionCount()).toBe(0);
  });

  it('closes with bad request on a frame that is not JSON', async () => {
    const { url } = await node();
    const socket = await rawSocket(url);
    socket.ws.send('{not json');
    expect((await socket.closed).code).toBe(3501);
  });

  it('finishes a shutdown even when a client never answers the close frame', async () => {
    const started = await startNode({ closeGraceMs: 200 });
    const socket = connect(started.port, '127.0.0.1');
    socket.write(
      'GET /connection/websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await once(socket, 'data'); // 101 Switching Protocols; from here on the peer stays silent
    const cut = once(socket, 'close');
    await started.stop();
    await cut; // the gateway cut the socket itself after its grace: the client never answered
    expect(socket.destroyed).toBe(true);
  });

  it('answers commands of one frame in the order they were sent', async () => {
    const { url } = await node();
    const socket = await rawSocket(url);
    socket.send(
      { id: 1, connect: { token: await signToken('u1') } },
      { id: 2, subscribe: { channel: 'lobby' } },
      { id: 3, subscribe: { channel: '#u1' } },
      { id: 4, subscribe: { channel: '#u2' } },
    );
    await until(() => socket.received.length === 4);
    const replies = socket.received as { id: number; error?: { code: number } }[];
    expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3, 4]);
    expect(replies[3]?.error?.code).toBe(103);
    socket.ws.close();
  });
});

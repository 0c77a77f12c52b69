import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { disconnectClients, newClient, nextEvent, rawSocket, signToken, startNode, until, type TestNode } from './test-support.js';

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
    const { url } = await node({ expiredCloseDelayMs: 0 });
    let refreshes = 0;
    const client = newClient(url, {
      token: await signToken('u1', 2),
      getToken: async () => {
        refreshes += 1;
        return signToken('u1', 60);
      },
    });
    let reconnects = 0;
    client.on('connecting', () => (reconnects += 1));
    client.connect();
    await client.ready(5000);
    reconnects = 0;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(reconnects).toBe(0);
    expect(client.state).toBe('connected');
  });

  it('closes a connection whose token ran out without a refresh with a code that reconnects', async () => {
    const { url } = await node({ expiredCloseDelayMs: 0 });
    const socket = await rawSocket(url);
    socket.send({ id: 1, connect: { token: await signToken('u1', 1) } });
    const closed = await socket.closed;
    expect(closed.code).toBe(3005);
  });

  it('waits the grace period for a refresh that comes just after the token ran out', async () => {
    const { url } = await node({ expiredCloseDelayMs: 4000 });
    const socket = await rawSocket(url);
    socket.send({ id: 1, connect: { token: await signToken('u1', 1) } });
    await until(() => socket.received.length === 1);
    // The token is gone and a sweep has run since (once a second), the grace is not over.
    await new Promise((resolve) => setTimeout(resolve, 2200));
    socket.send({ id: 2, refresh: { token: await signToken('u1', 60) } });
    await until(() => socket.received.length === 2);
    expect(socket.received[1]).toMatchObject({ id: 2, refresh: { expires: true } });
    const closedSoon = await Promise.race([socket.closed, new Promise((resolve) => setTimeout(() => resolve('open'), 3000))]);
    expect(closedSoon).toBe('open');
    socket.ws.close();
  });

  it('drops a connection that does not answer the server ping, and keeps one that does', async () => {
    const { url, gateway } = await node({ pingIntervalMs: 150, pongTimeoutMs: 100 });
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);

    const silent = await rawSocket(url);
    silent.send({ id: 1, connect: { token: await signToken('u2') } });
    const closed = await silent.closed;
    expect(closed.code).toBe(3012);
    expect(client.state).toBe('connected');
    expect(gateway.connectionCount()).toBe(1);
  });

  it('closes a socket that never sends connect as stale', async () => {
    const { url } = await node({ pingIntervalMs: 100, staleMs: 150 });
    const idle = await rawSocket(url);
    expect((await idle.closed).code).toBe(3502);
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
    const { url } = await node({ limits: { commandsPerSecond: 1, commandBurst: 4 } });
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => client.rpc('time', {})));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { code: number });
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((error) => error.code === 111)).toBe(true);
  });

  it('closes with 1009 on a message over the size limit, which the client does not retry', async () => {
    const { url } = await node({ limits: { maxMessageBytes: 1024 } });
    const socket = await rawSocket(url);
    socket.send({ id: 1, connect: { token: 'x'.repeat(2000) } });
    expect((await socket.closed).code).toBe(1009);
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
    const cut = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 3000);
    });
    await started.stop();
    expect(await cut).toBe(true);
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
    const deadline = Date.now() + 5000;
    while (socket.received.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const replies = socket.received as { id: number; error?: { code: number } }[];
    expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3, 4]);
    expect(replies[3]?.error?.code).toBe(103);
    socket.ws.close();
  });
});

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

async function replies(
  socket: { received: unknown[] },
  count: number,
): Promise<{ id: number; error?: { code: number }; sub_refresh?: object }[]> {
  await until(() => socket.received.length >= count);
  return socket.received as { id: number; error?: { code: number }; sub_refresh?: object }[];
}

describe('sub_refresh: subscriptions carry no token and never expire', () => {
  it('answers a refresh of a subscribed channel without an expiry, so the client schedules none', async () => {
    const { url } = await node();
    const socket = await rawSocket(url);
    socket.send(
      { id: 1, connect: { token: await signToken('u1') } },
      { id: 2, subscribe: { channel: 'lobby' } },
      { id: 3, sub_refresh: { channel: 'lobby', token: 'ignored' } },
    );
    const [, subscribed, refreshed] = await replies(socket, 3);
    expect(subscribed).not.toHaveProperty('subscribe.expires');
    expect(refreshed).toEqual({ id: 3, sub_refresh: {} });
    socket.ws.close();
  });

  it('refuses a refresh of a channel the client is not subscribed to (103) or without a channel (107)', async () => {
    const { url } = await node();
    const socket = await rawSocket(url);
    socket.send(
      { id: 1, connect: { token: await signToken('u1') } },
      { id: 2, sub_refresh: { channel: 'room:9' } },
      { id: 3, sub_refresh: {} },
    );
    const [, notSubscribed, noChannel] = await replies(socket, 3);
    expect(notSubscribed?.error?.code).toBe(103);
    expect(noChannel?.error?.code).toBe(107);
    socket.ws.close();
  });
});

describe('a client that keeps sending commands the server must refuse', () => {
  it('is closed with 3509 (too many errors), and the real client does not reconnect', async () => {
    const { url, gateway } = await node({ limits: { maxCommandErrors: 5 } });
    const { client, disconnected, stayedDown } = await watchedClient(url, 'u1');
    const calls = Array.from({ length: 8 }, () => client.rpc('no_such_method', {}).catch((error: { code: number }) => error));
    expect((await disconnected).code).toBe(3509);
    const answered = (await Promise.all(calls)).slice(0, 5) as { code: number }[];
    expect(answered.map((error) => error.code)).toEqual([104, 104, 104, 104, 104]);
    expect(await stayedDown()).toBe(true);
    expect(gateway.connectionCount()).toBe(0);
  });

  it("counts every kind of refusal: unknown channel, another user's channel, publish, bad subscribe", async () => {
    const { url } = await node({ limits: { maxCommandErrors: 3 } });
    const socket = await rawSocket(url);
    socket.send(
      { id: 1, connect: { token: await signToken('u1') } },
      { id: 2, subscribe: { channel: 'nowhere' } },
      { id: 3, subscribe: { channel: '#u2' } },
      { id: 4, publish: { channel: 'lobby', data: {} } },
      { id: 5, subscribe: {} },
      { id: 6, subscribe: { channel: 'lobby' } },
    );
    expect((await socket.closed).code).toBe(3509);
    const codes = (socket.received as { id: number; error?: { code: number } }[]).map((reply) => reply.error?.code ?? 0);
    expect(codes).toEqual([0, 102, 103, 103, 107]);
  });

  it('keeps a client whose occasional mistakes stay within the budget', async () => {
    const clock = testClock();
    const { url } = await node({ now: clock.now, limits: { maxCommandErrors: 3, commandErrorWindowMs: 200 } });
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await expect(client.rpc('no_such_method', {})).rejects.toMatchObject({ code: 104 });
      clock.advance(250); // a new window
    }
    expect(client.state).toBe('connected');
    expect((await client.rpc('time', {})).data).toHaveProperty('time');
  });

  it("does not count a refused token or a lost position, which are the client's normal paths", async () => {
    const { url } = await node({ limits: { maxCommandErrors: 1 } });
    const socket = await rawSocket(url);
    socket.send(
      { id: 1, connect: { token: await signToken('u1') } },
      { id: 2, history: { channel: 'lobby', limit: 1 } },
      { id: 3, subscribe: { channel: 'lobby' } },
      { id: 4, history: { channel: 'lobby', limit: 10, since: { offset: 5, epoch: 'gone' } } },
      { id: 5, history: { channel: 'lobby', limit: 10, since: { offset: 5, epoch: 'gone' } } },
      { id: 6, rpc: { method: 'time' } },
    );
    const answered = await replies(socket, 6);
    expect(answered.map((reply) => reply.error?.code ?? 0)).toEqual([0, 103, 0, 112, 112, 0]);
    socket.ws.close();
  });
});

describe('channel rules that depend on the subscribe data', () => {
  it('passes the subscription data to the rule, and a rule set later replaces the first', async () => {
    const { url, gateway } = await node();
    gateway.setCanSubscribe(
      (_userId, channel, data) => channel !== 'room:7' || (data as { password?: string } | undefined)?.password === 'open sesame',
    );
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);

    const withoutPassword = client.newSubscription('room:7');
    withoutPassword.subscribe();
    expect((await nextEvent<{ code: number }>(withoutPassword, 'unsubscribed')).code).toBe(103);
    client.removeSubscription(withoutPassword);

    const withPassword = client.newSubscription('room:7', { data: { password: 'open sesame' } });
    withPassword.subscribe();
    await withPassword.ready(5000);
    expect(withPassword.state).toBe('subscribed');
  });
});

describe('asynchronous messages from a client (send)', () => {
  it('closes a client that sends when the server takes no messages with 3508, which the client does not retry', async () => {
    const { url, gateway } = await node();
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);
    let reconnects = 0;
    client.on('connecting', () => (reconnects += 1));
    const disconnected = nextEvent<{ code: number }>(client, 'disconnected');
    await client.send({ type: 'attack', card: '6S' });
    expect((await disconnected).code).toBe(3508);
    // `disconnected`, not `connecting`: the client decided not to come back.
    expect(client.state).toBe('disconnected');
    expect(reconnects).toBe(0);
    expect(gateway.connectionCount()).toBe(0);
  });

  it('hands a client’s message to onSend with the sender’s user id, and keeps the connection', async () => {
    const received: [string, unknown][] = [];
    const { url } = await node({ onSend: (userId, data) => received.push([userId, data]) });
    const client = newClient(url, { token: await signToken('u1') });
    client.connect();
    await client.ready(5000);
    await client.send({ type: 'typing' });
    await until(() => received.length === 1);
    expect(received).toEqual([['u1', { type: 'typing' }]]);
    expect((await client.rpc('time', {})).data).toHaveProperty('time');
    expect(client.state).toBe('connected');
  });
});

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { Centrifuge, type Options } from 'centrifuge';
import { SignJWT, errors, jwtVerify } from 'jose';
import { WebSocket } from 'ws';
import type { Broker } from './broker.js';
import type { VerifyToken } from './connection-types.js';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.js';
import { createMemoryBroker } from './memory-broker.js';

const secret = new TextEncoder().encode('realtime-test-secret');

/** A clock a test moves by hand: tokens, budgets and sweeps see time pass without waiting. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => void (at += ms) };
}

const systemClock = (): Date => new Date();

/** An access token as the accounts module issues it: HS256, `sub` = user id; its times are read from `now`. */
export function signToken(userId: string, expiresInSeconds = 900, now: () => Date = systemClock): Promise<string> {
  const seconds = Math.floor(now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + expiresInSeconds)
    .sign(secret);
}

/** Checks tokens as the accounts module does, against the clock given. */
export function tokenVerifier(now: () => Date = systemClock): VerifyToken {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now() });
      if (typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
      return { ok: true, userId: payload.sub, ...(payload.exp === undefined ? {} : { expiresAt: payload.exp }) };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  };
}

export const verifyToken: VerifyToken = tokenVerifier();

export interface TestNode {
  url: string;
  port: number;
  gateway: Gateway;
  broker: Broker;
  server: Server;
  stop(): Promise<void>;
}

export async function startNode(options: Partial<GatewayOptions> = {}): Promise<TestNode> {
  const broker = options.broker ?? createMemoryBroker();
  const gateway = createGateway({ verifyToken: tokenVerifier(options.now), ...options, broker });
  const server = createServer((_req, res) => res.writeHead(404).end());
  gateway.attach(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/connection/websocket`,
    port,
    gateway,
    broker,
    server,
    async stop() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (options.broker === undefined) await broker.close();
    },
  };
}

const clients: Centrifuge[] = [];

export function newClient(url: string, options: Partial<Options>): Centrifuge {
  const client = new Centrifuge(url, { websocket: WebSocket, minReconnectDelay: 50, maxReconnectDelay: 300, ...options });
  clients.push(client);
  return client;
}

export function disconnectClients(): void {
  for (const client of clients.splice(0)) client.disconnect();
}

/**
 * A connected real client, watched for a terminal close: its first disconnect, and whether it then
 * tried to reconnect. The client enters `disconnected` only when it decided not to reconnect (a
 * code it would retry takes it to `connecting`), so `stayedDown` needs no wait.
 */
export async function watchedClient(url: string, userId: string) {
  const client = newClient(url, { token: await signToken(userId) });
  client.connect();
  await client.ready(5000);
  let reconnects = 0;
  client.on('connecting', () => (reconnects += 1));
  const disconnected = nextEvent<{ code: number; reason: string }>(client, 'disconnected');
  const stayedDown = async () => reconnects === 0 && client.state === 'disconnected';
  return { client, disconnected, stayedDown };
}

/** Resolves at the first event of that name, or fails after the time given. */
export function nextEvent<T>(
  emitter: { once(event: string, listener: (ctx: T) => void): unknown },
  event: string,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within ${timeoutMs} ms`)), timeoutMs);
    emitter.once(event, (ctx: T) => {
      clearTimeout(timer);
      resolve(ctx);
    });
  });
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A bare socket speaking the protocol by hand, for what the real client never does. */
export async function rawSocket(
  url: string,
): Promise<{ ws: WebSocket; received: unknown[]; closed: Promise<{ code: number; reason: string }>; send(...commands: object[]): void }> {
  const ws = new WebSocket(url);
  const received: unknown[] = [];
  ws.on('message', (data: Buffer) => {
    for (const line of data.toString().split('\n')) if (line.trim() !== '') received.push(JSON.parse(line));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await once(ws, 'open');
  return { ws, received, closed, send: (...commands) => ws.send(commands.map((c) => JSON.stringify(c)).join('\n')) };
}

export interface TestProxy {
  url: string;
  /** Where new connections go: one address in front of several nodes. */
  target: number;
  /** While set, new connections are refused, as when the network is down. */
  isRefusing: boolean;
  /** Cuts every open connection without a close frame, as a network loss does. */
  cutAll(): void;
  stop(): Promise<void>;
}

export async function startProxy(target: number): Promise<TestProxy> {
  const open = new Set<Socket>();
  const proxy: TestProxy = {
    url: '',
    target,
    isRefusing: false,
    cutAll() {
      for (const socket of open) socket.destroy();
      open.clear();
    },
    async stop() {
      proxy.cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createNetServer((client) => {
    if (proxy.isRefusing) return void client.destroy();
    const upstream = connect(proxy.target, '127.0.0.1');
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/connection/websocket`;
  return proxy;
}

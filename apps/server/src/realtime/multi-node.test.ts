import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PublicationContext, SubscribedContext } from 'centrifuge';
import { afterEach, describe, expect, it } from 'vitest';
import { disconnectClients, newClient, signToken, startProxy, until, type TestProxy } from './test-support.js';
import { redisUrl, uniquePrefix } from './test-redis.js';

const url = redisUrl();
const entry = fileURLToPath(new URL('./test-node-process.ts', import.meta.url));
const children: ChildProcess[] = [];
const proxies: TestProxy[] = [];

interface NodeProcess {
  port: number;
  child: ChildProcess;
  publish(channel: string, data: unknown): Promise<{ offset: number; epoch: string }>;
}

function startNodeProcess(prefix: string): Promise<NodeProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    env: { ...process.env, REDIS_URL: url, REDIS_PREFIX: prefix, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('node process did not start')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match === null) return;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({
        port,
        child,
        async publish(channel, data) {
          const res = await fetch(`http://127.0.0.1:${port}/publish?channel=${encodeURIComponent(channel)}`, {
            method: 'POST',
            body: JSON.stringify(data),
          });
          return (await res.json()) as { offset: number; epoch: string };
        },
      });
    });
    child.on('exit', (code) => reject(new Error(`node process exited with ${code}`)));
  });
}

afterEach(async () => {
  disconnectClients();
  for (const proxy of proxies.splice(0)) await proxy.stop();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe.runIf(url !== undefined)('several realtime nodes sharing Redis', () => {
  it('delivers to a client on node A what node B publishes, and shares presence', async () => {
    const prefix = uniquePrefix();
    const [a, b] = await Promise.all([startNodeProcess(prefix), startNodeProcess(prefix)]);
    const onA = newClient(`ws://127.0.0.1:${a.port}/connection/websocket`, { token: await signToken('alice') });
    const onB = newClient(`ws://127.0.0.1:${b.port}/connection/websocket`, { token: await signToken('bob') });
    const subA = onA.newSubscription('room:1');
    const subB = onB.newSubscription('room:1');
    const seen: unknown[] = [];
    subA.on('publication', (ctx: PublicationContext) => seen.push(ctx.data));
    subA.subscribe();
    subB.subscribe();
    onA.connect();
    onB.connect();
    await Promise.all([subA.ready(10_000), subB.ready(10_000)]);
    await b.publish('room:1', { seq: 1 });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ seq: 1 }]);
    const presence = await subA.presence();
    expect(
      Object.values(presence.clients)
        .map((c) => c.user)
        .sort(),
    ).toEqual(['alice', 'bob']);
  });

  it('recovers without loss on node B after node A is killed', async () => {
    const prefix = uniquePrefix();
    const [a, b] = await Promise.all([startNodeProcess(prefix), startNodeProcess(prefix)]);
    const proxy = await startProxy(a.port);
    proxies.push(proxy);
    const client = newClient(proxy.url, { token: await signToken('alice') });
    const sub = client.newSubscription('room:2');
    const seen: unknown[] = [];
    sub.on('publication', (ctx: PublicationContext) => seen.push(ctx.data));
    sub.subscribe();
    client.connect();
    await sub.ready(10_000);
    await b.publish('room:2', { seq: 1 });
    await until(() => seen.length === 1);

    proxy.isRefusing = true;
    const resubscribed = new Promise<SubscribedContext>((resolve) => sub.once('subscribed', resolve));
    a.child.kill('SIGKILL');
    await until(() => client.state === 'connecting', 10_000);
    await b.publish('room:2', { seq: 2 });
    await b.publish('room:2', { seq: 3 });
    proxy.target = b.port;
    proxy.isRefusing = false;
    await until(() => client.state === 'connected', 10_000);
    // Node B serves the same stream from Redis: the client's position is good there, so the missed
    // publications come from history and the app need not re-read its state.
    const ctx = await resubscribed;
    expect(ctx.wasRecovering).toBe(true);
    expect(ctx.recovered).toBe(true);
    await b.publish('room:2', { seq: 4 });
    await until(() => seen.length >= 4, 10_000);
    expect(seen).toEqual([1, 2, 3, 4].map((seq) => ({ seq })));
  });
});

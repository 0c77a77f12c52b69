// The server side of bench/realtime.mjs: one realtime node in its own process, so that its
// memory is measured apart from the clients. Driven over IPC; run with `node --import tsx`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createGateway } from './gateway.js';
import { createMemoryBroker } from './memory-broker.js';

type Request = { type: 'memory' } | { type: 'publish'; channel: string; count: number; intervalMs: number };

const broker = createMemoryBroker({ historySize: 100 });
// The benchmark's token is the user id: token checks are not what is measured here.
const gateway = createGateway({ broker, verifyToken: async (token) => ({ ok: true, userId: token }), limits: { commandBurst: 100 } });
const server = createServer((_req, res) => res.writeHead(404).end());
gateway.attach(server);

const reply = (message: object) => process.send?.(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const collectGarbage = (globalThis as { gc?: () => void }).gc;

async function handle(request: Request): Promise<void> {
  if (request.type === 'memory') {
    for (let n = 0; n < 3; n++) {
      collectGarbage?.();
      await sleep(50);
    }
    reply({ type: 'memory', ...process.memoryUsage(), connections: gateway.connectionCount(), hasGc: collectGarbage !== undefined });
    return;
  }
  const started = performance.now();
  // The in-memory broker fans out inside publish: its duration is the node's own share of the latency.
  const fanOutMs: number[] = [];
  for (let n = 0; n < request.count; n++) {
    // Sent as wall-clock milliseconds with sub-millisecond precision: the clients read the same clock.
    const sentAt = performance.timeOrigin + performance.now();
    await gateway.publish(request.channel, { sentAt, n });
    fanOutMs.push(performance.timeOrigin + performance.now() - sentAt);
    if (request.intervalMs > 0) await sleep(request.intervalMs);
  }
  fanOutMs.sort((a, b) => a - b);
  const at = (p: number) => fanOutMs[Math.min(fanOutMs.length - 1, Math.floor(p * fanOutMs.length))] ?? 0;
  reply({ type: 'published', elapsedMs: performance.now() - started, fanOutP50: at(0.5), fanOutP99: at(0.99) });
}

process.on('message', (request: Request) => void handle(request));
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => reply({ type: 'ready', port: (server.address() as AddressInfo).port }));

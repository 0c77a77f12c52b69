// Realtime gateway figures (issue #4): memory per idle connection at 10,000 connections on one
// node, publish-to-delivery latency for one publication to 1,000 subscribers, and publications
// delivered per second. The node runs in its own process (apps/server/src/realtime/bench-driver.ts);
// this process holds the raw protocol clients. Everything stays on 127.0.0.1 and is bounded in
// count and time.
import { fork, spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const wantedConnections = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
// The room's subscribers are the first connections, so never more than there are connections.
const subscriberCount = Math.min(Number(process.env.BENCH_SUBSCRIBERS ?? 1_000), wantedConnections);
const publications = Number(process.env.BENCH_PUBLICATIONS ?? 2_000);
const deadline = Date.now() + 240_000;
const cpus = availableParallelism();

function openFileLimit() {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' ? Infinity : Number(out);
}

let connections = wantedConnections;
const limit = openFileLimit();
if (limit < connections + 200) {
  connections = Math.max(subscriberCount, limit - 200);
  console.log(
    `open-file limit is ${limit}: measuring ${connections} connections instead of ${wantedConnections} (raise it with \`ulimit -n 20000\`)`,
  );
}

const driver = fileURLToPath(new URL('../apps/server/src/realtime/bench-driver.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const node = fork(driver, [], { cwd: root, execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const waiters = [];
node.on('message', (message) => {
  const index = waiters.findIndex((w) => w.type === message.type);
  if (index >= 0) waiters.splice(index, 1)[0].resolve(message);
});
function ask(request, answerType) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${answerType} from the node`)), Math.max(1000, deadline - Date.now()));
    waiters.push({ type: answerType, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    if (request) node.send(request);
  });
}

const { port } = await ask(null, 'ready');
const url = `ws://127.0.0.1:${port}/connection/websocket`;
const sockets = [];
let onPublication = () => {};

function open(index, channel) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let replies = 0;
    ws.on('open', () => ws.send(`{"id":1,"connect":{"token":"u${index}"}}\n{"id":2,"subscribe":{"channel":"${channel}"}}`));
    // A frame may hold several messages, one per line (the node batches what it sends in one
    // turn): replies, pushes and pings are told apart line by line.
    ws.on('message', (data) => {
      for (const line of data.toString().split('\n')) {
        if (line === '{}') ws.send('{}');
        else if (line.startsWith('{"push"')) {
          if (line.includes('"pub":')) onPublication(line); // joins and leaves are not publications
        } else if (line.includes('"error"')) reject(new Error(line));
        else if (++replies === 2) resolve(ws);
      }
    });
    ws.on('error', reject);
  });
}

async function openMany(count, channelOf) {
  const batch = 250;
  for (let start = 0; start < count && Date.now() < deadline; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, k) => open(sockets.length + k, channelOf(start + k))),
    );
    sockets.push(...opened);
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

try {
  const before = await ask({ type: 'memory' }, 'memory');
  // The first 1,000 sit in one room; the rest idle in the lobby, as players between games do.
  await openMany(connections, (i) => (i < subscriberCount ? 'room:bench' : 'lobby'));
  const after = await ask({ type: 'memory' }, 'memory');
  const perConnection = (bytes) => (bytes / after.connections / 1024).toFixed(1);
  console.log(`cpus: ${cpus}`);
  console.log(
    `idle connections: ${after.connections} (each connected and subscribed to one channel)${after.hasGc ? '' : ' [no gc exposed]'}`,
  );
  console.log(
    `memory per idle connection: ${perConnection(after.rss - before.rss)} KB RSS, ${perConnection(after.heapUsed - before.heapUsed)} KB heap (target <= 60 KB)`,
  );

  // Latency: 100 publications, 20 ms apart, each to the 1,000 room subscribers.
  // The fan-out of a publication ends when its last subscriber has it, not when publish() returns
  // (the node writes to the sockets after that, on the next turn of its event loop).
  const latencies = [];
  const toLast = [];
  const seen = new Map();
  onPublication = (text) => {
    const sentAt = Number(/"sentAt":([0-9.]+)/.exec(text)?.[1]);
    const n = Number(/"n":(\d+)/.exec(text)?.[1]);
    const latency = performance.timeOrigin + performance.now() - sentAt;
    latencies.push(latency);
    const count = (seen.get(n) ?? 0) + 1;
    seen.set(n, count);
    if (count === subscriberCount) toLast.push(latency);
  };
  const fanOut = await ask({ type: 'publish', channel: 'room:bench', count: 100, intervalMs: 20 }, 'published');
  const expected = 100 * subscriberCount;
  while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  latencies.sort((a, b) => a - b);
  console.log(
    `publish-to-delivery latency, 1 publication -> ${subscriberCount} subscribers: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms over ${latencies.length} deliveries (target p99 <= 50 ms; cpus: ${cpus}, load average ${loadavg()[0].toFixed(1)})`,
  );
  toLast.sort((a, b) => a - b);
  console.log(
    `  publish until the last subscriber has it: p50 ${percentile(toLast, 50).toFixed(2)} ms, p99 ${percentile(toLast, 99).toFixed(2)} ms over ${toLast.length} publications`,
  );
  console.log(
    `  (the node's publish() call alone, which returns before the sockets are written: p50 ${fanOut.fanOutP50.toFixed(2)} ms, p99 ${fanOut.fanOutP99.toFixed(2)} ms)`,
  );

  // Throughput: `publications` (2,000) back to back to the same room subscribers.
  let delivered = 0;
  onPublication = () => {
    delivered += 1;
  };
  const started = performance.now();
  await ask({ type: 'publish', channel: 'room:bench', count: publications, intervalMs: 0 }, 'published');
  const target = publications * subscriberCount;
  while (delivered < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `publications delivered per second: ${Math.round(delivered / seconds)} (${delivered} deliveries in ${seconds.toFixed(2)} s; cpus: ${cpus}, clients in the same machine, load average ${loadavg()[0].toFixed(1)})`,
  );
} finally {
  for (const ws of sockets) ws.terminate();
  node.kill();
}

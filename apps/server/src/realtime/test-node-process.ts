// One realtime node as its own process, for the multi-node tests: the gateway on
// /connection/websocket and POST /publish?channel=... to publish through this node.
// Prints `listening <port>` when ready. Run with `node --import tsx`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBroker } from './index.js';
import { createGateway } from './gateway.js';
import { verifyToken } from './test-support.js';

const broker = createBroker({
  redisUrl: process.env.REDIS_URL ?? '',
  ...(process.env.REDIS_PREFIX === undefined ? {} : { redisPrefix: process.env.REDIS_PREFIX }),
});
const gateway = createGateway({ broker, verifyToken });
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://node');
  const channel = url.searchParams.get('channel');
  if (req.method !== 'POST' || url.pathname !== '/publish' || channel === null) return void res.writeHead(404).end();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    gateway
      .publish(channel, JSON.parse(Buffer.concat(chunks).toString() || 'null'))
      .then((position) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(position)))
      .catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
});
gateway.attach(server);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  void gateway.close().then(async () => {
    await broker.close();
    server.close(() => process.exit(0));
  });
});

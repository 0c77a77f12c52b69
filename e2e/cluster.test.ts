import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Centrifuge } from 'centrifuge';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { until } from '../apps/server/src/realtime/test-support';
import {
  bonusBalance,
  createRoom,
  newPlayer,
  playToEnd,
  rng,
  seatAndReady,
  type Captured,
  type TestPlayer,
} from '../apps/server/src/rooms/test-support';
import { createTestDatabase } from '../apps/server/src/test-support/database';
import { nginxPath, startNginx, startNode, type RunningProcess } from './support/cluster';

// FEATURES.md §8: the nginx configuration compose deploys is the one this test runs, with Debian's
// nginx in front of two built nodes on one PostgreSQL and one Redis; a whole game goes through it.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const missing = [databaseUrl ? '' : 'DATABASE_URL', redisUrl ? '' : 'REDIS_URL', existsSync(nginxPath) ? '' : nginxPath].filter(Boolean);
if (missing.length > 0) {
  if (process.env.CI === 'true') throw new Error(`CI=true needs ${missing.join(', ')}: the cluster test must run, not skip`);
  console.warn(`\n*** The nginx cluster test is NOT running: ${missing.join(', ')} missing ***\n`);
}

const running: RunningProcess[] = [];
const clients: Centrifuge[] = [];
const cleanups: (() => Promise<void>)[] = [];
const realFetch = globalThis.fetch;

afterAll(async () => {
  globalThis.fetch = realFetch;
  for (const client of clients) client.disconnect();
  for (const started of running.reverse()) await started.stop();
  for (const cleanup of cleanups) await cleanup();
});

/**
 * nginx names the nodes it tried in `X-Upstream` (deploy/nginx.conf), the one that answered last
 * (`A, B` when A refused the connection); every HTTP answer's answering node is kept.
 */
const httpUpstreams = new Set<string>();
function recordHttpUpstreams(): void {
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await realFetch(...args);
    const tried = response.headers.get('x-upstream')?.split(', ');
    if (tried) httpUpstreams.add(tried.at(-1)!);
    return response;
  };
}

interface Listener {
  readonly client: Centrifuge;
  /** The node of each websocket this client opened, the reconnections included. */
  readonly upstreams: string[];
}

/**
 * A centrifuge client through nginx whose websocket upgrades tell which node took them. A client
 * that lands on `avoid` is closed and tried again (nginx balances round robin, so the next try
 * goes to the other node), so a caller can put players on different nodes.
 */
async function listenThrough(player: TestPlayer, channels: readonly string[], captured: Captured[], avoid?: string): Promise<Listener> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const upstreams: string[] = [];
    class TrackedWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols);
        // nginx names every node it tried (`a, b` after a refused one): the last is the one that answered.
        this.once('upgrade', (response) => upstreams.push(String(response.headers['x-upstream']).split(', ').at(-1)!));
      }
    }
    const client = new Centrifuge(wsUrl, {
      websocket: TrackedWebSocket,
      token: player.token,
      minReconnectDelay: 50,
      maxReconnectDelay: 300,
    });
    const subscribed: Promise<unknown>[] = [];
    for (const channel of channels) {
      const sub = client.newSubscription(channel);
      sub.on('publication', (ctx) => captured.push({ receiver: player.id, channel, data: ctx.data as Record<string, unknown> }));
      subscribed.push(new Promise((resolve) => sub.once('subscribed', resolve)));
      sub.subscribe();
    }
    client.connect();
    clients.push(client);
    // Bounded: a proxy that drops the upgrade leaves the client retrying forever.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise(
      (_, reject) => (timer = setTimeout(() => reject(new Error('no websocket subscription through nginx within 15 s')), 15_000)),
    );
    try {
      await Promise.race([Promise.all(subscribed), late]);
    } finally {
      clearTimeout(timer);
    }
    if (upstreams.length === 0) throw new Error('the websocket upgrade carried no X-Upstream header');
    if (upstreams[0] !== avoid) return { client, upstreams };
    client.disconnect();
  }
  throw new Error(`every websocket landed on ${avoid}`);
}

/** Two new players, their sockets on different nodes, seated and readied in a new room. */
async function startGame(captured: Captured[]) {
  const players = [await newPlayer(nginx.url, 'cl'), await newPlayer(nginx.url, 'cl')];
  const roomId = await createRoom(nginx.url, players[0]!, { player_count: 2 });
  const channels = (p: TestPlayer) => [`room:${roomId}`, `#${p.id}`];
  const first = await listenThrough(players[0]!, channels(players[0]!), captured);
  const second = await listenThrough(players[1]!, channels(players[1]!), captured, first.upstreams[0]);
  expect(new Set([first.upstreams[0], second.upstreams[0]])).toEqual(new Set(nodes));
  const before = await Promise.all(players.map((p) => bonusBalance(nginx.url, p)));
  await seatAndReady(nginx.url, roomId, players);
  return { players, roomId, listeners: [first, second], before };
}

/** Each player heard the end and got hands on their own socket, and was paid what the end said. */
async function expectSettled(players: readonly TestPlayer[], before: readonly bigint[], captured: Captured[]): Promise<void> {
  await until(() => players.every((p) => captured.some((c) => c.receiver === p.id && c.data.type === 'game_over')), 15_000);
  for (const p of players) expect(captured.some((c) => c.receiver === p.id && c.data.type === 'hand')).toBe(true);
  const over = captured.find((c) => c.data.type === 'game_over')!.data as { bets: { playerId: string; amount: string }[] };
  const after = await Promise.all(players.map((p) => bonusBalance(nginx.url, p)));
  players.forEach((p, i) => expect(after[i]! - before[i]!).toBe(BigInt(over.bets.find((bet) => bet.playerId === String(p.id))!.amount)));
}

let databaseUrlOfRun: string;
let nodeA: RunningProcess;
let nodes: [string, string];
let nginx: RunningProcess;
let wsUrl: string;

describe.runIf(missing.length === 0)('two nodes behind nginx with deploy/nginx.conf', () => {
  beforeAll(async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    databaseUrlOfRun = database.url!;
    const shared = {
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `durak-e2e-cluster-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ACTIONS_PER_SECOND: '10000',
    };
    // One after the other, as compose starts them: the first migrates and seeds.
    nodeA = await startNode(shared);
    running.push(nodeA);
    const nodeB = await startNode(shared);
    running.push(nodeB);
    nodes = [nodeA.url, nodeB.url].map((url) => new URL(url).host) as [string, string];
    nginx = await startNginx(nodes);
    running.push(nginx);
    wsUrl = `${nginx.url.replace('http', 'ws')}/connection/websocket`;
    recordHttpUpstreams();
  });

  it('play a whole game through nginx, over HTTP and websockets on different nodes, and settle it', async () => {
    // The web app comes through the proxy too.
    const page = await fetch(`${nginx.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const captured: Captured[] = [];
    const { players, roomId, before } = await startGame(captured);
    httpUpstreams.clear();
    const { applied } = await playToEnd(nginx.url, roomId, players, rng(11));
    expect(applied).toBeGreaterThan(0);
    // Every move went through nginx, which spread the requests over both nodes.
    expect(httpUpstreams).toEqual(new Set(nodes));
    await expectSettled(players, before, captured);
  }, 60_000);

  it('a node stopped mid-game: the game ends through the other one, and the socket that was on it comes back through nginx', async () => {
    const captured: Captured[] = [];
    const { players, roomId, listeners, before } = await startGame(captured);
    const random = rng(12);
    // A few moves with both nodes up (the player loop stops at its step limit, not at the end).
    await playToEnd(nginx.url, roomId, players, random, 2).catch((error: Error) => {
      if (error.message !== 'game did not end') throw error;
    });
    await nodeA.stop();
    const [stopped, survivor] = nodes;
    const moved = listeners.find((l) => l.upstreams[0] === stopped)!;
    await until(() => moved.client.state === 'connected' && moved.upstreams.length > 1, 15_000);
    expect(moved.upstreams.at(-1)).toBe(survivor);

    httpUpstreams.clear();
    await playToEnd(nginx.url, roomId, players, random);
    expect(httpUpstreams).toEqual(new Set([survivor]));
    await expectSettled(players, before, captured);

    const client = new pg.Client({ connectionString: databaseUrlOfRun });
    await client.connect();
    try {
      const sum = await client.query<{ total: string }>('select coalesce(sum(balance), 0)::text as total from accounts');
      const finished = await client.query<{ n: string }>("select count(*)::text as n from rooms where status = 'FINISHED'");
      expect(sum.rows[0]!.total).toBe('0');
      expect(finished.rows[0]!.n).toBe('2');
    } finally {
      await client.end();
    }
  }, 60_000);
});

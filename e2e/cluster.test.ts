import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Centrifuge } from 'centrifuge';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { until } from '../apps/server/src/realtime/test-support';
import { bonusBalance, createRoom, newPlayer, playToEnd, rng, seatAndReady, type Captured, type TestPlayer } from '../apps/server/src/rooms/test-support';
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

/** nginx names the node that answered in `X-Upstream` (deploy/nginx.conf); every HTTP answer's is kept. */
const httpUpstreams = new Set<string>();
function recordHttpUpstreams(): void {
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await realFetch(...args);
    const upstream = response.headers.get('x-upstream');
    if (upstream) httpUpstreams.add(upstream);
    return response;
  };
}

/**
 * A centrifuge client through nginx whose websocket upgrade tells which node took it. A client
 * that lands on `avoid` is closed and tried again (nginx balances round robin, so
 * the next try goes to the other node), so a caller can put players on different nodes.
 */
async function listenThrough(wsUrl: string, player: TestPlayer, channels: readonly string[], captured: Captured[], avoid: string | undefined): Promise<string> {
  for (let attempt = 0; attempt < 6; attempt++) {
    let upstream: string | undefined;
    class TrackedWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols);
        this.once('upgrade', (response) => (upstream = String(response.headers['x-upstream'])));
      }
    }
    const client = new Centrifuge(wsUrl, { websocket: TrackedWebSocket, token: player.token, minReconnectDelay: 50, maxReconnectDelay: 300 });
    const subscribed: Promise<unknown>[] = [];
    for (const channel of channels) {
      const sub = client.newSubscription(channel);
      sub.on('publication', (ctx) => captured.push({ receiver: player.id, channel, data: ctx.data as Record<string, unknown> }));
      subscribed.push(new Promise((resolve) => sub.once('subscribed', resolve)));
      sub.subscribe();
    }
    client.connect();
    // Bounded: a proxy that drops the upgrade leaves the client retrying forever.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no websocket subscription through nginx within 15 s')), 15_000)));
    try {
      await Promise.race([Promise.all(subscribed), late]);
    } catch (error) {
      client.disconnect();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    if (upstream === undefined) throw new Error('the websocket upgrade carried no X-Upstream header');
    if (upstream !== avoid) {
      clients.push(client);
      return upstream;
    }
    client.disconnect();
  }
  throw new Error(`every websocket landed on ${avoid}`);
}

describe.runIf(missing.length === 0)('two nodes behind nginx with deploy/nginx.conf', () => {
  it('play a whole game through nginx, over HTTP and websockets on different nodes, and settle it', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
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
    const a = await startNode(shared);
    running.push(a);
    const b = await startNode(shared);
    running.push(b);
    const nodes = [a.url, b.url].map((url) => new URL(url).host) as [string, string];
    const nginx = await startNginx(nodes);
    running.push(nginx);
    recordHttpUpstreams();

    // The web app comes through the proxy too.
    const page = await fetch(`${nginx.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const players = [await newPlayer(nginx.url, 'cl'), await newPlayer(nginx.url, 'cl')];
    const roomId = await createRoom(nginx.url, players[0]!, { player_count: 2 });
    const captured: Captured[] = [];
    const wsUrl = `${nginx.url.replace('http', 'ws')}/connection/websocket`;
    const first = await listenThrough(wsUrl, players[0]!, [`room:${roomId}`, `#${players[0]!.id}`], captured, undefined);
    const second = await listenThrough(wsUrl, players[1]!, [`room:${roomId}`, `#${players[1]!.id}`], captured, first);
    expect(new Set([first, second])).toEqual(new Set(nodes));

    const before = await Promise.all(players.map((p) => bonusBalance(nginx.url, p)));
    await seatAndReady(nginx.url, roomId, players);
    const { applied } = await playToEnd(nginx.url, roomId, players, rng(11));
    expect(applied).toBeGreaterThan(0);
    // Every move went through nginx, which spread the requests over both nodes.
    expect(httpUpstreams).toEqual(new Set(nodes));

    // Each player's own node pushed their hands and the end, whichever node applied the moves.
    await until(() => players.every((p) => captured.some((c) => c.receiver === p.id && c.data.type === 'game_over')), 15_000);
    for (const p of players) expect(captured.some((c) => c.receiver === p.id && c.data.type === 'hand')).toBe(true);

    // The settlement: each balance moved by exactly the signed amount the game published, and the
    // ledger still sums to zero.
    const over = captured.find((c) => c.data.type === 'game_over')!.data as { bets: { playerId: string; amount: string }[] };
    const after = await Promise.all(players.map((p) => bonusBalance(nginx.url, p)));
    players.forEach((p, i) => expect(after[i]! - before[i]!).toBe(BigInt(over.bets.find((bet) => bet.playerId === String(p.id))!.amount)));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const sum = await client.query<{ total: string }>('select coalesce(sum(balance), 0)::text as total from accounts');
      const room = await client.query<{ status: string }>('select status from rooms where id = $1', [roomId]);
      expect(sum.rows[0]!.total).toBe('0');
      expect(room.rows[0]!.status).toBe('FINISHED');
    } finally {
      await client.end();
    }
  }, 120_000);
});

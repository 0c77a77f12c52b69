import type { PublicationContext, SubscribedContext } from 'centrifuge';
import { afterEach, describe, expect, it } from 'vitest';
import { disconnectClients, newClient, nextEvent, until } from '../realtime/test-support.js';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

const servers: TestServer[] = [];

async function server(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const started = await startTestServer(overrides);
  servers.push(started);
  return started;
}

afterEach(async () => {
  disconnectClients();
  for (const started of servers.splice(0)) await started.close();
});

const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/connection/websocket`;

let counter = 0;

/** A registered user whose getToken goes through POST /api/user/refresh, as the web's does. */
async function signedIn(url: string) {
  const tokens = await registerUser(url, `rt${process.pid % 1000}x${++counter}`);
  let refreshToken = tokens.refresh_token;
  const user = {
    accessToken: tokens.access_token,
    refreshes: 0,
    isRefreshServerDown: false,
    async getToken(): Promise<string> {
      if (user.isRefreshServerDown) throw new Error('refresh endpoint unreachable');
      const answer = await request<{ access_token: string; refresh_token: string }>(`${url}/api/user/refresh`, {
        body: { refresh_token: refreshToken },
      });
      if (answer.status !== 200) throw new Error(`refresh failed: ${answer.status}`);
      refreshToken = answer.body.refresh_token;
      user.refreshes += 1;
      return answer.body.access_token;
    },
  };
  return user;
}

describe('the app’s realtime wiring with real access tokens', () => {
  it('holds an open socket to its access token: refreshed in time it stays, unrefreshed it is closed with 3005 and comes back', async () => {
    const accessTokenSeconds = 3;
    const { url, services } = await server({ accessTokenSeconds });
    const [keeper, lapser] = [await signedIn(url), await signedIn(url)];

    const keeperClient = newClient(wsUrl(url), { token: keeper.accessToken, getToken: () => keeper.getToken() });
    const lapserClient = newClient(wsUrl(url), { token: lapser.accessToken, getToken: () => lapser.getToken() });
    lapserClient.on('error', () => {}); // the failing getToken is reported as an error event
    const keeperSub = keeperClient.newSubscription('tournament:1');
    const lapserSub = lapserClient.newSubscription('tournament:1');
    const keeperSeen: unknown[] = [];
    keeperSub.on('publication', (ctx: PublicationContext) => keeperSeen.push(ctx.data));
    const keeperReconnects: number[] = [];
    keeperClient.on('connecting', (ctx) => keeperReconnects.push(ctx.code));
    lapser.isRefreshServerDown = true;
    const lapserDropped = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket outlived its token: no close within 25 s')), 25_000);
      lapserClient.on('connecting', (ctx) => {
        if (ctx.code < 3000) return; // 0: connect called
        clearTimeout(timer);
        resolve(ctx.code);
      });
    });

    for (const sub of [keeperSub, lapserSub]) sub.subscribe();
    keeperClient.connect();
    lapserClient.connect();
    await Promise.all([keeperSub.ready(5000), lapserSub.ready(5000)]);
    keeperReconnects.length = 0; // the first connect reports 'connecting' too

    // Past the token's lifetime and the gateway's grace for a late refresh.
    expect(await lapserDropped).toBe(3005);
    expect(keeper.refreshes).toBeGreaterThanOrEqual(2);
    expect(keeperReconnects).toEqual([]);
    expect(keeperClient.state).toBe('connected');

    const lapserBack = nextEvent<SubscribedContext>(lapserSub, 'subscribed', 20_000);
    lapser.isRefreshServerDown = false;
    const resubscribed = await lapserBack;
    expect(resubscribed.wasRecovering).toBe(true);
    expect(lapser.refreshes).toBeGreaterThanOrEqual(1);
    expect(lapserClient.state).toBe('connected');

    await services.realtime.publish('tournament:1', { type: 'still_here' });
    await until(() => keeperSeen.length === 1);
    expect(keeperSeen).toEqual([{ type: 'still_here' }]);
  });
});

describe('publishing through the app’s realtime wiring', () => {
  it('delivers a publication once when it is published twice with the same idempotency key', async () => {
    const { url, services } = await server();
    const user = await signedIn(url);
    const client = newClient(wsUrl(url), { token: user.accessToken });
    const sub = client.newSubscription('tournament:2');
    const seen: unknown[] = [];
    sub.on('publication', (ctx: PublicationContext) => seen.push(ctx.data));
    sub.subscribe();
    client.connect();
    await sub.ready(5000);

    const first = await services.realtime.publish(
      'tournament:2',
      { type: 'round_started', round: 1 },
      { idempotencyKey: 'tournament:2:round:1' },
    );
    const retried = await services.realtime.publish(
      'tournament:2',
      { type: 'round_started', round: 1 },
      { idempotencyKey: 'tournament:2:round:1' },
    );
    await services.realtime.publish('tournament:2', { type: 'round_started', round: 2 }, { idempotencyKey: 'tournament:2:round:2' });
    // One channel delivers in publish order: a duplicate of round 1 would arrive before round 2.
    await until(() => seen.some((data) => (data as { round?: number }).round === 2));
    expect(retried).toEqual(first);
    expect(seen).toEqual([
      { type: 'round_started', round: 1 },
      { type: 'round_started', round: 2 },
    ]);
  });
});

describe('client messages through the app’s realtime wiring', () => {
  it('closes a client that sends a message with 3508: actions go over HTTP, the socket takes none', async () => {
    const { url } = await server();
    const user = await signedIn(url);
    const client = newClient(wsUrl(url), { token: user.accessToken });
    client.connect();
    await client.ready(5000);
    const disconnected = nextEvent<{ code: number }>(client, 'disconnected');
    await client.send({ type: 'attack', card: '6S' });
    expect((await disconnected).code).toBe(3508);
  });
});

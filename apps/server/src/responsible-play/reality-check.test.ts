import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { request } from '../test-support/http.js';
import { adultPlayer, call, signInAgain, startResponsibleServer, type ResponsibleServer } from '../test-support/responsible.js';

let server: ResponsibleServer;
beforeAll(async () => {
  server = await startResponsibleServer();
});
afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;

describe('reality checks', () => {
  it('every reality_check_minutes of play tells the player, on their channel, what they staked and the net result', async () => {
    const player = await adultPlayer(server);
    await call(server, player, 'limits', { reality_check_minutes: 15 }, 'PUT');
    const heard: unknown[] = [];
    const client = new Centrifuge(server.url.replace('http', 'ws') + '/connection/websocket', {
      websocket: WebSocket,
      token: player.token,
    });
    const subscription = client.newSubscription(`#${player.id}`);
    subscription.on('publication', (ctx) => heard.push(ctx.data));
    const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
    subscription.subscribe();
    client.connect();
    await subscribed;
    try {
      // Nothing is due before the first stake.
      expect(await server.services.responsible.fireDueRealityChecks()).toBe(0);
      server.clock.advance(2500);
      const spin = await request<{ win: string }>(`${server.url}/api/v1/bandit/spin`, {
        token: player.token,
        body: { bet: 50, balance_type: 'BONUS_BALANCE', idempotency_key: 'reality-spin-1' },
      });
      expect(spin.status).toBe(200);
      server.clock.advance(15 * MINUTE - 1);
      expect(await server.services.responsible.fireDueRealityChecks()).toBe(0);
      server.clock.advance(1);
      expect(await server.services.responsible.fireDueRealityChecks()).toBe(1);
      const net = (BigInt(spin.body.win) - 50n).toString();
      const check = { minutes_played: 0, staked: '50', net, due_at: server.clock.now().toISOString() };
      await expect
        .poll(() => heard.filter((m) => (m as { type: string }).type === 'reality_check'))
        .toEqual([{ type: 'reality_check', ...check }]);

      // Missed? It is there on the next load until answered (signed in again: 15 minutes passed).
      const again = await signInAgain(server, player);
      expect((await call(server, again, 'limits')).body.reality_check).toEqual(check);
      const answered = await call(server, again, 'reality-check', { choice: 'keep_playing' });
      expect([answered.status, answered.body.reality_check]).toEqual([200, null]);
      // The next one waits for the next stake.
      server.clock.advance(60 * MINUTE);
      expect(await server.services.responsible.fireDueRealityChecks()).toBe(0);
    } finally {
      client.disconnect();
    }
  });

  it('refuses an answer that is neither keep_playing nor stop with 400', async () => {
    const player = await adultPlayer(server);
    expect((await call(server, player, 'reality-check', { choice: 'later' })).status).toBe(400);
  });
});

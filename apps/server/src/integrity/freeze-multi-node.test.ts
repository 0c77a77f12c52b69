import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.js';
import { createStore, type Store } from '../store/db.js';
import { createTestDatabase } from '../test-support/database.js';
import { request } from '../test-support/http.js';
import { errorOf, fund, newPlayer } from '../test-support/responsible.js';
import { listenApp, testConfig } from '../test-support/server.js';
import { adminToken } from '../tournaments/test-support.js';
import { openTestCase } from './test-cases.js';

// FEATURES.md §12: a freeze made on one node blocks every money path on the other. Two nodes on
// one database (PGlite: one store shared in this process; with DATABASE_URL: two pools on a fresh
// PostgreSQL database, as two servers would be).
const nodes: { url: string; built: BuiltApp }[] = [];
const stores: Store[] = [];
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  const config = testConfig({ responsible: { ageCheck: false, banditMinSpinMs: 0, playMinuteMs: 60_000 } });
  for (let n = 0; n < 2; n++) {
    const own = database.url || n === 0 ? await createStore({ databaseUrl: database.url, poolSize: 10 }) : stores[0]!;
    if (!stores.includes(own)) stores.push(own);
    const { built, port } = await listenApp(config, { logger: false, store: own });
    nodes.push({ url: `http://127.0.0.1:${port}`, built });
  }
}, 60_000);
afterAll(async () => {
  for (const node of nodes) await node.built.close();
  for (const own of stores) await own.close();
  await drop();
});

describe('a freeze on one node', () => {
  it('refuses every money path of the account on the other node with 403 account/frozen', { timeout: 60_000 }, async () => {
    const [first, second] = [nodes[0]!.url, nodes[1]!.url];
    const player = await newPlayer(second, 'frzmn');
    const host = await newPlayer(second, 'frzmn');
    for (const p of [player, host]) await fund(stores[0]!, p.id, 5_000n);
    const room = await request<{ id: number }>(`${second}/api/v1/rooms/`, {
      token: host.token,
      body: { bet_amount: '100', balance_type: 'BALANCE', player_count: 2, deck_size: 36, game_mode: 'classic' },
    });
    expect(room.status).toBe(201);
    const admin = await adminToken(first);
    const promo = await request(`${first}/api/admin/promocodes`, {
      token: admin,
      body: { code: 'FRZNODE1', amount: '50', max_uses: 5 },
    });
    expect(promo.status).toBe(201);
    const offers = await request<{ items: { id: number }[] }>(`${second}/api/product/?kind=conversion`, { token: player.token });

    const caseId = await openTestCase(stores[0]!, [player.id], new Date());
    const frozen = await request(`${first}/api/admin/integrity/cases/${caseId}/freeze`, {
      token: admin,
      method: 'POST',
      headers: { 'x-audit-reason': 'dumping ring' },
    });
    expect(frozen.status).toBe(200);

    const tries = [
      await request(`${second}/api/payments/deposit/sandbox/BALANCE`, {
        token: player.token,
        body: { amount: 100, idempotency_key: 'frz-node-deposit' },
      }),
      await request(`${second}/api/v1/bandit/spin`, {
        token: player.token,
        body: { bet: 10, balance_type: 'BALANCE', idempotency_key: 'frz-node-spin' },
      }),
      await request(`${second}/api/v1/rooms/${room.body.id}/seat`, { token: player.token, body: {} }),
      await request(`${second}/api/v1/rooms/`, {
        token: player.token,
        body: { bet_amount: '100', balance_type: 'BALANCE', player_count: 2, deck_size: 36, game_mode: 'classic' },
      }),
      await request(`${second}/api/assets/add-asset?asset_id=5`, { token: player.token, method: 'POST' }),
      await request(`${second}/api/rewards/claim_daily_reward`, { token: player.token, method: 'POST' }),
      await request(`${second}/api/promocode/use/FRZNODE1`, { token: player.token, method: 'POST' }),
      await request(`${second}/api/payments/convert/${offers.body.items[0]!.id}`, {
        token: player.token,
        body: { idempotency_key: 'frz-node-convert' },
      }),
    ];
    expect(tries.map((t) => [t.status, errorOf(t)?.code])).toEqual(tries.map(() => [403, 'account/frozen']));
    // Signing in and reading still work on the second node.
    expect((await request(`${second}/api/user/users/me`, { token: player.token })).status).toBe(200);

    // Dismissed on the second node: the first lets the account sit down again.
    const dismissed = await request(`${second}/api/admin/integrity/cases/${caseId}/dismiss`, {
      token: await adminToken(second),
      method: 'POST',
      headers: { 'x-audit-reason': 'a family' },
    });
    expect(dismissed.status).toBe(200);
    expect((await request(`${first}/api/v1/rooms/${room.body.id}/seat`, { token: player.token, body: {} })).status).toBe(200);
  });
});

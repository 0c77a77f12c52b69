import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.js';
import { expectBooksBalance } from '../economy/test-support.js';
import { createStore, queryRows, type Store } from '../store/db.js';
import { createTestDatabase } from '../test-support/database.js';
import { request } from '../test-support/http.js';
import { call, fund, newPlayer, type TestPlayer } from '../test-support/responsible.js';
import { listenApp, testConfig } from '../test-support/server.js';

// Two nodes on one database (PGlite: one store shared in this process; with DATABASE_URL: two
// pools on a fresh PostgreSQL database, as two servers would be). Twenty stakes race for an
// allowance that holds one (or ten): the user's row lock in the stake guard lets exactly that through.
const nodes: { url: string; built: BuiltApp }[] = [];
const stores: Store[] = [];
let drop: () => Promise<void> = async () => {};
let store: Store;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  const config = testConfig({ responsible: { ageCheck: false, banditMinSpinMs: 0, playMinuteMs: 60_000 } });
  for (let n = 0; n < 2; n++) {
    const own = database.url || n === 0 ? await createStore({ databaseUrl: database.url, poolSize: 30 }) : stores[0]!;
    if (!stores.includes(own)) stores.push(own);
    const { built, port } = await listenApp(config, { logger: false, store: own });
    nodes.push({ url: `http://127.0.0.1:${port}`, built });
  }
  store = stores[0]!;
}, 60_000);
afterAll(async () => {
  for (const node of nodes) await node.built.close();
  for (const own of stores) await own.close();
  await drop();
});

const nodeOf = (i: number) => nodes[i % 2]!.url;
const codes = (answers: { status: number; body: unknown }[]) =>
  answers.map((a) => (a.status === 200 ? 'ok' : ((a.body as { error?: { code: string } }).error?.code ?? String(a.status)))).sort();

async function netBalanceLoss(userId: number): Promise<bigint> {
  const [row] = await queryRows<{ net: string | null }>(
    store.db,
    sql`select sum(e.amount)::text as net from ledger_entries e join accounts a on a.id = e.account_id join ledger_transfers t on t.id = e.transfer_id
        where a.user_id = ${userId} and a.wallet_type = 'BALANCE' and t.kind in ('bandit_stake', 'bandit_win')`,
  );
  return -BigInt(row?.net ?? '0');
}

describe('twenty stakes racing for one allowance on two nodes', () => {
  it('deposits: a day limit of 1000 lets exactly ten deposits of 100 through', { timeout: 60_000 }, async () => {
    const player = await newPlayer(nodeOf(0), 'race');
    await call({ url: nodeOf(0) }, player, 'limits', { deposit: { day: '1000' } }, 'PUT');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(`${nodeOf(i)}/api/payments/deposit/sandbox/BALANCE`, {
          token: player.token,
          body: { amount: 100, idempotency_key: `race-deposit-${i}` },
        }),
      ),
    );
    expect(codes(answers)).toEqual([...Array(10).fill('limits/deposit_exceeded'), ...Array(10).fill('ok')]);
    const me = await request<{ wallets: { wallet_type: string; balance: string }[] }>(`${nodeOf(1)}/api/user/users/me`, {
      token: player.token,
    });
    expect(me.body.wallets.find((w) => w.wallet_type === 'BALANCE')?.balance).toBe('1000');
    await expectBooksBalance(store);
  });

  it('seats: a loss limit of 100 lets one seat at a table with a bet of 100 through, of twenty', { timeout: 120_000 }, async () => {
    const player = await newPlayer(nodeOf(0), 'race');
    await fund(store, player.id, 10_000n);
    await call({ url: nodeOf(0) }, player, 'limits', { loss: { day: '100' } }, 'PUT');
    const rooms: number[] = [];
    for (let i = 0; i < 20; i++) {
      const host: TestPlayer = await newPlayer(nodeOf(i), 'host');
      await fund(store, host.id, 100n);
      const created = await request<{ id: number }>(`${nodeOf(i)}/api/v1/rooms/`, {
        token: host.token,
        body: { bet_amount: '100', balance_type: 'BALANCE', player_count: 2, deck_size: 36, game_mode: 'classic' },
      });
      rooms.push(created.body.id);
    }
    const answers = await Promise.all(
      rooms.map((id, i) => request(`${nodeOf(i + 1)}/api/v1/rooms/${id}/seat`, { token: player.token, body: {} })),
    );
    expect(codes(answers)).toEqual([...Array(19).fill('limits/loss_exceeded'), 'ok']);
  });

  it('spins: twenty spins of 100 against a loss limit of 100 never lose more than 100', { timeout: 60_000 }, async () => {
    const player = await newPlayer(nodeOf(0), 'race');
    await fund(store, player.id, 10_000n);
    await call({ url: nodeOf(0) }, player, 'limits', { loss: { day: '100' } }, 'PUT');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(`${nodeOf(i)}/api/v1/bandit/spin`, {
          token: player.token,
          body: { bet: 100, balance_type: 'BALANCE', idempotency_key: `race-spin-${i}` },
        }),
      ),
    );
    const refused = codes(answers).filter((c) => c !== 'ok');
    expect(new Set(refused)).toEqual(new Set(['limits/loss_exceeded']));
    expect(await netBalanceLoss(player.id)).toBeLessThanOrEqual(100n);
    await expectBooksBalance(store);
  });
});

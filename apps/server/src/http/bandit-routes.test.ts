import { createHash } from 'node:crypto';
import type { PastSpin, PaytableAnswer, SpinAnswer } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactReturn } from '../bandit/exact-return.js';
import { spinOutcome } from '../bandit/fair.js';
import { PAYTABLE, STRIPS } from '../bandit/machine.js';
import { queryRows } from '../store/db.js';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { transfer } from '../wallets/ledger.js';
import { issuance } from '../wallets/wallets.js';

let server: TestServer;
let counter = 0;

// The slot allows one spin per player every 2.5 s (FEATURES.md §13): the clock moves 2.5 s at each
// reading, so back-to-back spins here are as far apart as a patient player's.
let clockMs = Date.now();
const now = () => new Date((clockMs += 2500));

beforeAll(async () => {
  server = await startTestServer({}, { now });
});
afterAll(async () => {
  await server.close();
});

async function player() {
  const { access_token: token } = await registerUser(server.url, `bandit_${++counter}`);
  const me = await request<{ id: number }>(`${server.url}/api/user/users/me`, { token });
  return { token, id: me.body.id };
}

const call = <T = Record<string, unknown>>(token: string, path: string, body?: unknown, method?: string) =>
  request<T>(`${server.url}/api/v1/bandit/${path}`, { token, ...(body === undefined ? {} : { body }), ...(method ? { method } : {}) });

const spin = (token: string, bet: unknown, key: string, balanceType = 'BONUS_BALANCE') =>
  call<SpinAnswer>(token, 'spin', { bet, balance_type: balanceType, idempotency_key: key });

async function balance(token: string, walletType = 'BONUS_BALANCE'): Promise<bigint> {
  const me = await request<{ wallets: { wallet_type: string; balance: string }[] }>(`${server.url}/api/user/users/me`, { token });
  return BigInt(me.body.wallets.find((w) => w.wallet_type === walletType)?.balance ?? '-1');
}

/** DESIGN.md §5 and docs/operations.md: every account sums to zero and matches its ledger lines. */
async function expectBooksBalance(): Promise<void> {
  const [sum] = await queryRows<{ total: string }>(
    server.services.store.db,
    sql`select coalesce(sum(balance), 0)::text as total from accounts`,
  );
  expect(sum?.total).toBe('0');
  const mismatched = await queryRows(
    server.services.store.db,
    sql`
    select a.id from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(mismatched).toEqual([]);
}

describe('bandit paytable', () => {
  it('publishes the strips, the table and the exact return of all 32^3 combinations', async () => {
    const { token } = await player();
    const answer = await call<PaytableAnswer>(token, 'paytable');
    expect(answer.status).toBe(200);
    const figures = exactReturn(STRIPS, PAYTABLE);
    expect(answer.body).toMatchObject({
      rtp: figures.rtp,
      hit_frequency: figures.hitFrequency,
      max_multiplier: 1000,
      min_bet: '10',
      max_bet: '10000',
    });
    expect(answer.body.strips).toEqual(STRIPS);
    expect(exactReturn(answer.body.strips, answer.body.paytable).totalMultiplier).toBe(31_458);
  });

  it('is for signed-in players only', async () => {
    expect((await request(`${server.url}/api/v1/bandit/paytable`)).status).toBe(401);
  });
});

describe('bandit seeds', () => {
  it('commits to the server seed before play and reveals it on rotation: every past spin recomputes', async () => {
    const { token } = await player();
    const before = await call<{ server_seed_hash: string; client_seed: string; nonce: number }>(token, 'seed');
    expect(before.body.nonce).toBe(0);
    expect(before.body.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const changed = await call(token, 'seed', { client_seed: 'my-own_seed-42' }, 'PUT');
    expect(changed.body).toEqual({ server_seed_hash: before.body.server_seed_hash, client_seed: 'my-own_seed-42', nonce: 0 });

    const spins: SpinAnswer[] = [];
    for (let i = 0; i < 3; i++) spins.push((await spin(token, 10, `seed-test-${i}`)).body);
    expect(spins.map((s) => s.nonce)).toEqual([0, 1, 2]);
    expect(new Set(spins.map((s) => s.server_seed_hash))).toEqual(new Set([before.body.server_seed_hash]));
    const history = await call<{ items: PastSpin[] }>(token, 'spins');
    expect(history.body.items.map((s) => s.server_seed)).toEqual([null, null, null]);

    const rotated = await call<{ revealed_server_seed: string; server_seed_hash: string }>(token, 'seed/rotate', {});
    expect(rotated.status).toBe(200);
    const revealed = rotated.body.revealed_server_seed;
    expect(createHash('sha256').update(Buffer.from(revealed, 'hex')).digest('hex')).toBe(before.body.server_seed_hash);
    expect(rotated.body.server_seed_hash).not.toBe(before.body.server_seed_hash);
    for (const s of spins) {
      const again = spinOutcome(revealed, 'my-own_seed-42', s.nonce);
      expect({ stops: s.stops, symbols: s.symbols, multiplier: s.multiplier }).toEqual(again);
      expect(BigInt(s.win)).toBe(10n * BigInt(again.multiplier));
    }
    const after = await call(token, 'seed');
    expect(after.body).toMatchObject({ server_seed_hash: rotated.body.server_seed_hash, nonce: 0 });
    const revealedHistory = await call<{ items: PastSpin[] }>(token, 'spins');
    expect(revealedHistory.body.items.map((s) => s.server_seed)).toEqual([revealed, revealed, revealed]);
  });

  it.each([[''], ['has:colon'], ['x'.repeat(65)], [42]])('refuses the client seed %j with 400 naming client_seed', async (clientSeed) => {
    const { token } = await player();
    const answer = await call<{ error: { code: string; details: { field: string } } }>(token, 'seed', { client_seed: clientSeed }, 'PUT');
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.field).toBe('client_seed');
  });
});

describe('bandit spin', () => {
  it('stakes the bet and pays bet x multiplier into the same wallet, in one go', async () => {
    const { token } = await player();
    const answer = await spin(token, '100', 'one-spin-1');
    expect(answer.status).toBe(200);
    const { body } = answer;
    expect(body.stops).toHaveLength(3);
    expect(body.symbols).toEqual(body.stops.map((stop, reel) => STRIPS[reel]![stop]));
    expect(BigInt(body.win)).toBe(100n * BigInt(body.multiplier));
    const expected = 10_000n - 100n + BigInt(body.win);
    expect(body.balances.find((w) => w.wallet_type === 'BONUS_BALANCE')?.balance).toBe(expected.toString());
    expect(await balance(token)).toBe(expected);
    await expectBooksBalance();
  });

  it.each([
    ['below the minimum', 9],
    ['above the maximum', 10_001],
    ['a fraction', 10.5],
    ['a fractional string', '10.5'],
    ['not a number', 'ten'],
    ['negative', -10],
    ['missing', undefined],
  ])('refuses a bet %s with 400 naming bet; nothing moves', async (_name, bet) => {
    const { token } = await player();
    const answer = await call<{ error: { code: string; details: { field: string } } }>(token, 'spin', {
      bet,
      balance_type: 'BONUS_BALANCE',
      idempotency_key: 'bad-bet-key',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('request/invalid');
    expect(answer.body.error.details.field).toBe('bet');
    expect(await balance(token)).toBe(10_000n);
  });

  it('refuses a wallet too poor with wallet/insufficient_funds: no chips move, no nonce is used', async () => {
    const { token } = await player();
    const answer = await spin(token, 10, 'poor-spin-1', 'BALANCE');
    expect(answer.status).toBe(409);
    expect((answer.body as unknown as { error: { code: string } }).error.code).toBe('wallet/insufficient_funds');
    expect(await balance(token, 'BALANCE')).toBe(0n);
    expect((await call(token, 'seed')).body).toMatchObject({ nonce: 0 });
    expect((await call<{ items: unknown[] }>(token, 'spins')).body.items).toEqual([]);
    await expectBooksBalance();
  });

  it('spins from the bought-chips wallet (BALANCE) too', async () => {
    const { token, id } = await player();
    await server.services.store.withTransaction((tx) =>
      transfer(tx, {
        from: { system: issuance, walletType: 'BALANCE' },
        to: { userId: id, walletType: 'BALANCE' },
        amount: 500n,
        kind: 'test_funding',
        idempotencyKey: `fund-bandit:${id}`,
      }),
    );
    const answer = await spin(token, 500, 'balance-spin-1', 'BALANCE');
    expect(answer.status).toBe(200);
    expect(answer.body.balance_type).toBe('BALANCE');
    expect(await balance(token, 'BALANCE')).toBe(BigInt(answer.body.win));
    expect(await balance(token)).toBe(10_000n);
  });

  it('answers a retried key with the same spin and moves the money once; another bet under the key is refused', async () => {
    const { token } = await player();
    const first = await spin(token, 50, 'retry-key-1');
    const again = await spin(token, 50, 'retry-key-1');
    expect(again.status).toBe(200);
    expect({ ...again.body, balances: null }).toEqual({ ...first.body, balances: null });
    expect(await balance(token)).toBe(10_000n - 50n + BigInt(first.body.win));
    const other = await spin(token, 60, 'retry-key-1');
    expect(other.status).toBe(409);
    expect((other.body as unknown as { error: { code: string } }).error.code).toBe('bandit/idempotency_key_reused');
    expect((await call(token, 'seed')).body).toMatchObject({ nonce: 1 });
  });

  it('serialises concurrent spins of one player: every nonce once, retries spin once, the books balance', async () => {
    const { token } = await player();
    const keys = Array.from({ length: 12 }, (_, i) => `concurrent-${i}`);
    // Each key is sent three times at once: 36 requests, 12 spins.
    const answers = await Promise.all(keys.flatMap((key) => [spin(token, 100, key), spin(token, 100, key), spin(token, 100, key)]));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const byKey = new Map<string, SpinAnswer>();
    answers.forEach((answer, i) => {
      const key = keys[Math.floor(i / 3)]!;
      const seen = byKey.get(key);
      if (seen) expect(answer.body.nonce).toBe(seen.nonce);
      else byKey.set(key, answer.body);
    });
    expect([...byKey.values()].map((s) => s.nonce).sort((a, b) => a - b)).toEqual(keys.map((_, i) => i));
    const won = [...byKey.values()].reduce((sum, s) => sum + BigInt(s.win), 0n);
    expect(await balance(token)).toBe(10_000n - 1_200n + won);
    await expectBooksBalance();
  });

  it('spins of many players at once keep the books balanced', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => player()));
    const answers = await Promise.all(
      players.flatMap(({ token }) => Array.from({ length: 5 }, (_, i) => spin(token, 200, `many-spin-${i}`))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const { token } of players) expect((await call(token, 'seed')).body).toMatchObject({ nonce: 5 });
    await expectBooksBalance();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer } from '../rooms/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { deposit, expectBooksBalance, walletsOf, type ErrorAnswer } from './test-support.js';

type Product = {
  id: number;
  kind: string;
  name: string;
  price: string;
  balance_type: string;
  amount?: string;
  asset_id?: number;
  from_wallet?: string;
  to_wallet?: string;
  from_amount?: string;
  to_amount?: string;
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());
afterEach(async () => expectBooksBalance(server.services.store));

const products = async (token: string, kind?: string) =>
  request<{ items: Product[] } & ErrorAnswer>(`${server.url}/api/product/${kind ? `?kind=${kind}` : ''}`, { token });
const convert = (token: string, id: number | string, key: string) =>
  request<Record<string, string> & ErrorAnswer>(`${server.url}/api/payments/convert/${id}`, { token, body: { idempotency_key: key } });

describe('products', () => {
  it('lists chip packs, conversion offers and priced cosmetics, each kind on its own', async () => {
    const p = await newPlayer(server.url, 'prod');
    const chips = (await products(p.token, 'chips')).body.items;
    expect(chips.length).toBeGreaterThanOrEqual(3);
    expect(chips.every((c) => c.kind === 'chips' && BigInt(c.amount ?? '0') > 0n)).toBe(true);
    const offers = (await products(p.token, 'conversion')).body.items;
    expect(offers.length).toBeGreaterThanOrEqual(1);
    for (const o of offers) expect(o).toMatchObject({ kind: 'conversion', from_wallet: 'BALANCE', to_wallet: 'BONUS_BALANCE' });
    const assets = (await products(p.token, 'asset')).body.items;
    expect(assets.length).toBeGreaterThanOrEqual(8);
    expect(assets.every((a) => a.kind === 'asset' && a.asset_id === a.id && a.price !== '0')).toBe(true);
    expect((await products(p.token)).body.items).toHaveLength(chips.length + offers.length + assets.length);
    const bad = await products(p.token, 'cars');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.field).toBe('kind');
  });
});

describe('sandbox deposits', () => {
  it('credit the chosen wallet at once; a retry with the same key credits nothing more', async () => {
    const p = await newPlayer(server.url, 'dep');
    const before = await walletsOf(server.url, p.token);
    const first = await deposit(server.url, p.token, 'BALANCE', '2500', 'deposit-key-1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ deposit_id: expect.any(Number), status: 'completed' });
    const again = await deposit(server.url, p.token, 'BALANCE', 2500, 'deposit-key-1');
    expect(again.body.deposit_id).toBe(first.body.deposit_id);
    expect(await walletsOf(server.url, p.token)).toEqual({ ...before, BALANCE: 2500n });

    const reused = await deposit(server.url, p.token, 'BALANCE', '9', 'deposit-key-1');
    expect(reused.status).toBe(409);
    expect(reused.body.error?.code).toBe('payment/key_reused');
    const bonus = await deposit(server.url, p.token, 'BONUS_BALANCE', '100', 'deposit-key-2');
    expect(bonus.status).toBe(200);
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE).toBe(before.BONUS_BALANCE! + 100n);
  });

  it('concurrent retries of one key credit once', async () => {
    const p = await newPlayer(server.url, 'depc');
    const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(server.url, p.token, 'BALANCE', '700', 'same-key-777')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.deposit_id)).size).toBe(1);
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(700n);
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['fractional', 1.5],
    ['a fractional string', '1.5'],
    ['not a number', 'lots'],
    ['past BIGINT', '9223372036854775808'],
    ['far past BIGINT', '99999999999999999999999'],
    ['missing', undefined],
  ])('an amount that is %s is a 400 naming amount, and nothing moves', async (_what, amount) => {
    const p = await newPlayer(server.url, 'bad');
    const before = await walletsOf(server.url, p.token);
    const answer = await request<ErrorAnswer>(`${server.url}/api/payments/deposit/sandbox/BALANCE`, {
      token: p.token,
      body: { amount, idempotency_key: 'bad-amount-1' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('request/invalid');
    expect(answer.body.error.details?.field).toBe('amount');
    expect(await walletsOf(server.url, p.token)).toEqual(before);
  });

  it('refuses a deposit too large for one payment, an unknown provider and an unknown wallet type', async () => {
    const p = await newPlayer(server.url, 'big');
    const huge = await deposit(server.url, p.token, 'BALANCE', '9223372036854775807', 'huge-deposit-1');
    expect(huge.status).toBe(400);
    expect(huge.body.error?.details?.field).toBe('amount');
    const unknown = await request<ErrorAnswer>(`${server.url}/api/payments/deposit/paypal/BALANCE`, {
      token: p.token,
      body: { amount: '10', idempotency_key: 'unknown-provider' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('payment/provider_not_found');
    const wallet = await request<ErrorAnswer>(`${server.url}/api/payments/deposit/sandbox/GOLD`, {
      token: p.token,
      body: { amount: '10', idempotency_key: 'unknown-wallet' },
    });
    expect(wallet.status).toBe(400);
    expect(wallet.body.error.details?.field).toBe('wallet_type');
    const key = await request<ErrorAnswer>(`${server.url}/api/payments/deposit/sandbox/BALANCE`, {
      token: p.token,
      body: { amount: '10' },
    });
    expect(key.body.error.details?.field).toBe('idempotency_key');
    const stranger = await request<ErrorAnswer>(`${server.url}/api/payments/deposit/sandbox/BALANCE`, {
      body: { amount: '10', idempotency_key: 'no-token-1' },
    });
    expect(stranger.status).toBe(401);
  });
});

describe('the sandbox turned off', () => {
  it('is an unknown provider (PAYMENTS_SANDBOX=false)', async () => {
    const off = await startTestServer({ economy: { ...server.config.economy, paymentsSandbox: false } });
    try {
      const p = await newPlayer(off.url, 'off');
      const answer = await deposit(off.url, p.token, 'BALANCE', '10', 'sandbox-off-1');
      expect(answer.status).toBe(404);
      expect(answer.body.error?.code).toBe('payment/provider_not_found');
      expect((await walletsOf(off.url, p.token)).BALANCE).toBe(0n);
    } finally {
      await off.close();
    }
  });
});

describe('conversion', () => {
  it('moves from_amount out of one wallet and to_amount into the other, once per key', async () => {
    const p = await newPlayer(server.url, 'conv');
    const offer = (await products(p.token, 'conversion')).body.items[0]!;
    await deposit(server.url, p.token, 'BALANCE', offer.from_amount!, `conv-fund-${p.id}`);
    const before = await walletsOf(server.url, p.token);
    const done = await convert(p.token, offer.id, 'convert-key-1');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ product_id: offer.id, from_amount: offer.from_amount, to_amount: offer.to_amount });
    const after = await walletsOf(server.url, p.token);
    expect(after.BALANCE).toBe(before.BALANCE! - BigInt(offer.from_amount!));
    expect(after.BONUS_BALANCE).toBe(before.BONUS_BALANCE! + BigInt(offer.to_amount!));
    expect((await convert(p.token, offer.id, 'convert-key-1')).status).toBe(200);
    expect(await walletsOf(server.url, p.token)).toEqual(after);
  });

  it('with too little in from_wallet is wallet/insufficient_funds and moves nothing, even with retries at once', async () => {
    const p = await newPlayer(server.url, 'convpoor');
    const offer = (await products(p.token, 'conversion')).body.items[0]!;
    const before = await walletsOf(server.url, p.token);
    const answers = await Promise.all([convert(p.token, offer.id, 'poor-key-1'), convert(p.token, offer.id, 'poor-key-1')]);
    for (const a of answers) {
      expect(a.status).toBe(409);
      expect(a.body.error.code).toBe('wallet/insufficient_funds');
    }
    expect(await walletsOf(server.url, p.token)).toEqual(before);
  });

  it('concurrent conversions with one key convert once; different keys convert while chips last', async () => {
    const p = await newPlayer(server.url, 'convrace');
    const offer = (await products(p.token, 'conversion')).body.items[0]!;
    const from = BigInt(offer.from_amount!);
    await deposit(server.url, p.token, 'BALANCE', (from * 2n).toString(), `race-fund-${p.id}`);
    const same = await Promise.all(Array.from({ length: 4 }, () => convert(p.token, offer.id, 'race-key-1')));
    expect(same.every((a) => a.status === 200)).toBe(true);
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(from);
    const different = await Promise.all(['race-key-2', 'race-key-3', 'race-key-4'].map((k) => convert(p.token, offer.id, k)));
    expect(different.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(0n);
  });

  it('an unknown offer is 404 product/not_found (a chip pack is not an offer); a bad id is 400', async () => {
    const p = await newPlayer(server.url, 'conv404');
    expect((await convert(p.token, 999, 'unknown-offer')).body.error.code).toBe('product/not_found');
    const pack = (await products(p.token, 'chips')).body.items[0]!;
    expect((await convert(p.token, pack.id, 'pack-not-offer')).status).toBe(404);
    const bad = await convert(p.token, 'abc', 'bad-offer-id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.field).toBe('id');
  });
});

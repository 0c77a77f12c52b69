import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen, newPlayer, type Captured, type TestPlayer } from '../rooms/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { deposit, expectBooksBalance, walletsOf, type ErrorAnswer } from './test-support.js';

type Item = {
  id: number;
  type: string;
  name: string;
  url: string;
  price: string;
  balance_type: string;
  is_owned: boolean;
  is_active: boolean;
};
type ActiveDict = { assets_dict: Record<string, { type: string; url: string }[]> };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());
afterEach(async () => expectBooksBalance(server.services.store));

const all = async (p: TestPlayer) =>
  (await request<{ items: Item[] }>(`${server.url}/api/assets/all-assets`, { token: p.token })).body.items;
const buy = (p: TestPlayer, id: number | string) =>
  request<Item & ErrorAnswer>(`${server.url}/api/assets/add-asset?asset_id=${id}`, { token: p.token, method: 'POST' });
const apply = (p: TestPlayer, id: number | string) =>
  request<Item & ErrorAnswer>(`${server.url}/api/assets/apply-asset?asset_id=${id}`, { token: p.token, method: 'POST' });
const active = async (p: TestPlayer) =>
  (await request<ActiveDict>(`${server.url}/api/assets/user-active-assets`, { token: p.token })).body.assets_dict['1'];

/** A bonus-priced card back the welcome bonus can pay for. */
async function affordableBack(p: TestPlayer): Promise<Item> {
  const item = (await all(p)).find(
    (i) => i.type === 'CARD_BACK' && i.balance_type === 'BONUS_BALANCE' && i.price !== '0' && BigInt(i.price) <= 10_000n,
  );
  if (!item) throw new Error('no affordable card back in the catalogue');
  return item;
}

describe('the cosmetics catalogue', () => {
  it('holds at least 6 card backs and 4 felts, each kind with one free default that a new player owns and shows', async () => {
    const p = await newPlayer(server.url, 'cat');
    const items = await all(p);
    const backs = items.filter((i) => i.type === 'CARD_BACK');
    const felts = items.filter((i) => i.type === 'TABLE');
    expect(backs.length).toBeGreaterThanOrEqual(6);
    expect(felts.length).toBeGreaterThanOrEqual(4);
    for (const kind of [backs, felts]) {
      const defaults = kind.filter((i) => i.price === '0');
      expect(defaults).toHaveLength(1);
      expect(defaults[0]).toMatchObject({ is_owned: true, is_active: true });
      expect(kind.filter((i) => i.price !== '0').every((i) => !i.is_owned && !i.is_active)).toBe(true);
    }
    expect(new Set(items.map((i) => i.url)).size).toBe(items.length);
    const owned = await request<{ items: Item[] }>(`${server.url}/api/assets/user-assets`, { token: p.token });
    expect(owned.body.items.map((i) => i.price)).toEqual(['0', '0']);
    expect(await active(p)).toEqual([
      { type: 'CARD_BACK', url: '/cards/back.svg' },
      { type: 'TABLE', url: '/cosmetics/felts/green.svg' },
    ]);
  });

  it('needs a signed-in user', async () => {
    const answer = await request<ErrorAnswer>(`${server.url}/api/assets/all-assets`);
    expect(answer.status).toBe(401);
  });
});

describe('buying an asset', () => {
  it('takes the price from its wallet to the house once, owns it, and tells the header on #{userId}', async () => {
    const p = await newPlayer(server.url, 'buyer');
    const captured: Captured[] = [];
    const client = await listen(server.url.replace('http', 'ws') + '/connection/websocket', p, [`#${p.id}`], captured);
    try {
      const item = await affordableBack(p);
      const before = await walletsOf(server.url, p.token);
      const bought = await buy(p, item.id);
      expect(bought.status).toBe(200);
      expect(bought.body).toMatchObject({ id: item.id, is_owned: true, is_active: false });
      const after = await walletsOf(server.url, p.token);
      expect(after.BONUS_BALANCE).toBe(before.BONUS_BALANCE! - BigInt(item.price));
      expect(after.BALANCE).toBe(before.BALANCE);
      await expect
        .poll(() => captured.find((c) => c.data.type === 'wallet')?.data)
        .toEqual({
          type: 'wallet',
          wallets: [
            { wallet_type: 'BALANCE', balance: after.BALANCE!.toString() },
            { wallet_type: 'BONUS_BALANCE', balance: after.BONUS_BALANCE!.toString() },
          ],
        });

      const again = await buy(p, item.id);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('asset/already_owned');
      expect(await walletsOf(server.url, p.token)).toEqual(after);
    } finally {
      client.disconnect();
    }
  });

  it('two buys of one asset at the same moment charge once', async () => {
    const p = await newPlayer(server.url, 'double');
    const item = await affordableBack(p);
    const before = await walletsOf(server.url, p.token);
    const answers = await Promise.all([buy(p, item.id), buy(p, item.id), buy(p, item.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await walletsOf(server.url, p.token)).BONUS_BALANCE).toBe(before.BONUS_BALANCE! - BigInt(item.price));
  });

  it('a wallet too poor is wallet/insufficient_funds: nothing moves and nothing is owned', async () => {
    const p = await newPlayer(server.url, 'poor');
    const item = (await all(p)).find((i) => i.balance_type === 'BALANCE' && i.price !== '0');
    if (!item) throw new Error('no BALANCE-priced asset');
    const before = await walletsOf(server.url, p.token);
    expect(before.BALANCE).toBe(0n);
    const answer = await buy(p, item.id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('wallet/insufficient_funds');
    expect(await walletsOf(server.url, p.token)).toEqual(before);
    expect((await all(p)).find((i) => i.id === item.id)?.is_owned).toBe(false);

    // With bought chips it goes through, from BALANCE.
    expect((await deposit(server.url, p.token, 'BALANCE', item.price, `fund-${p.id}-1`)).status).toBe(200);
    expect((await buy(p, item.id)).status).toBe(200);
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(0n);
  });

  it('an unknown asset is 404 asset/not_found; a bad id is 400 naming asset_id; a free default is already owned', async () => {
    const p = await newPlayer(server.url, 'unknown');
    const missing = await buy(p, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('asset/not_found');
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const answer = await buy(p, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error.details?.field, bad).toBe('asset_id');
    }
    const free = (await all(p)).find((i) => i.price === '0')!;
    expect((await buy(p, free.id)).body.error.code).toBe('asset/already_owned');
  });
});

describe('applying an asset', () => {
  it('makes an owned asset the one active of its type; the default comes back when applied', async () => {
    const p = await newPlayer(server.url, 'apply');
    const item = await affordableBack(p);
    const notOwned = await apply(p, item.id);
    expect(notOwned.status).toBe(409);
    expect(notOwned.body.error.code).toBe('asset/not_owned');

    await buy(p, item.id);
    const applied = await apply(p, item.id);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ id: item.id, is_active: true });
    const backs = (await all(p)).filter((i) => i.type === 'CARD_BACK');
    expect(backs.filter((i) => i.is_active).map((i) => i.id)).toEqual([item.id]);
    expect(await active(p)).toContainEqual({ type: 'CARD_BACK', url: item.url });
    expect(await active(p)).toContainEqual({ type: 'TABLE', url: '/cosmetics/felts/green.svg' });

    const defaultBack = backs.find((i) => i.price === '0')!;
    expect((await apply(p, defaultBack.id)).body.is_active).toBe(true);
    expect(await active(p)).toContainEqual({ type: 'CARD_BACK', url: '/cards/back.svg' });
    expect((await apply(p, 999_999)).body.error.code).toBe('asset/not_found');
  });

  it('two owned assets applied at once leave exactly one active', async () => {
    const p = await newPlayer(server.url, 'race');
    const backs = (await all(p)).filter((i) => i.type === 'CARD_BACK' && i.balance_type === 'BONUS_BALANCE' && i.price !== '0');
    const [a, b] = backs;
    if (!a || !b || BigInt(a.price) + BigInt(b.price) > 10_000n) throw new Error('catalogue needs two cheap bonus card backs');
    await buy(p, a.id);
    await buy(p, b.id);
    const answers = await Promise.all([apply(p, a.id), apply(p, b.id), apply(p, a.id)]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await all(p)).filter((i) => i.type === 'CARD_BACK' && i.is_active)).toHaveLength(1);
  });
});

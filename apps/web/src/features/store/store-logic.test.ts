import type { AssetItem, Wallet } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  checkAmount,
  countdown,
  itemsOfTab,
  itemState,
  missingFor,
  newIdempotencyKey,
  orderedWallets,
  parseTab,
  withUpdated,
} from './store-logic';

const wallets: Wallet[] = [
  { wallet_type: 'BONUS_BALANCE', balance: '2500' },
  { wallet_type: 'BALANCE', balance: '100' },
];
const item = (fields: Partial<AssetItem>): AssetItem => ({
  id: 1,
  type: 'CARD_BACK',
  name: 'navy',
  url: '/x.svg',
  price: '2000',
  balance_type: 'BONUS_BALANCE',
  is_owned: false,
  is_active: false,
  ...fields,
});

describe('store tabs', () => {
  it('opens the card backs unless the address names another tab', () => {
    expect(parseTab(null)).toBe('backs');
    expect(parseTab('chips')).toBe('chips');
    expect(parseTab('tables')).toBe('tables');
    expect(parseTab('<script>')).toBe('backs');
  });

  it('shows card backs on one tab and felts on the other', () => {
    const items = [item({ id: 1 }), item({ id: 2, type: 'TABLE' }), item({ id: 3 })];
    expect(itemsOfTab(items, 'backs').map((i) => i.id)).toEqual([1, 3]);
    expect(itemsOfTab(items, 'tables').map((i) => i.id)).toEqual([2]);
    expect(itemsOfTab(items, 'chips')).toEqual([]);
  });
});

describe('an item and the wallets', () => {
  it('is in use, owned, buyable, or too dear for the wallet its price is in', () => {
    expect(itemState(item({ is_active: true, is_owned: true }), wallets)).toBe('active');
    expect(itemState(item({ is_owned: true }), wallets)).toBe('owned');
    expect(itemState(item({ price: '2500' }), wallets)).toBe('buyable');
    expect(itemState(item({ price: '2501' }), wallets)).toBe('too_poor');
    // The bonus chips cannot pay for an item priced in bought chips.
    expect(itemState(item({ price: '500', balance_type: 'BALANCE' }), wallets)).toBe('too_poor');
  });

  it('says how many chips are missing, reading balances as whole numbers past 2^53', () => {
    expect(missingFor('3000', 'BONUS_BALANCE', wallets)).toBe(500n);
    expect(missingFor('30', 'BONUS_BALANCE', wallets)).toBe(0n);
    expect(missingFor('10', 'GOLD', wallets)).toBe(10n);
    expect(balanceOf([{ wallet_type: 'BALANCE', balance: '9007199254740993' }], 'BALANCE')).toBe(9007199254740993n);
  });

  it('lists the balance before the bonus balance', () => {
    expect(orderedWallets(wallets).map((w) => w.wallet_type)).toEqual(['BALANCE', 'BONUS_BALANCE']);
  });

  it('after applying one, no other item of its type stays active', () => {
    const items = [
      item({ id: 1, is_owned: true, is_active: true, price: '0' }),
      item({ id: 2, is_owned: true }),
      item({ id: 3, type: 'TABLE', is_active: true }),
    ];
    const next = withUpdated(items, { ...items[1]!, is_active: true });
    expect(next.filter((i) => i.is_active).map((i) => i.id)).toEqual([2, 3]);
  });
});

describe('a deposit amount', () => {
  it('is whole chips within the limits, with spaces allowed', () => {
    expect(checkAmount('5 000')).toEqual({ amount: '5000' });
    expect(checkAmount('')).toEqual({ error: 'required' });
    expect(checkAmount('1.5')).toEqual({ error: 'invalid' });
    expect(checkAmount('-3')).toEqual({ error: 'invalid' });
    expect(checkAmount('0')).toEqual({ error: 'too_small' });
    expect(checkAmount('1000000001')).toEqual({ error: 'too_large' });
  });

  it('for Stars is a multiple of the chips one Star buys', () => {
    expect(checkAmount('150', 100n)).toEqual({ error: 'invalid' });
    expect(checkAmount('50', 100n)).toEqual({ error: 'too_small' });
    expect(checkAmount('300', 100n)).toEqual({ amount: '300' });
  });
});

describe('small helpers', () => {
  it('makes a new key for every payment', () => {
    let n = 0;
    const random = () => String(++n);
    expect(newIdempotencyKey('deposit', random)).toBe('deposit-1');
    expect(newIdempotencyKey('deposit', random)).not.toBe(newIdempotencyKey('deposit', random));
  });

  it('counts down to the next reward and stops at zero', () => {
    const now = Date.parse('2026-03-10T21:30:00Z');
    expect(countdown('2026-03-11T00:00:00Z', now)).toBe('2:30:00');
    expect(countdown('2026-03-10T21:30:59Z', now)).toBe('0:00:59');
    expect(countdown('2026-03-10T20:00:00Z', now)).toBe('0:00:00');
  });
});

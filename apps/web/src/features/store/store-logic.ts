import type { AssetItem, Wallet } from '@durak/protocol';

export const STORE_TABS = ['backs', 'tables', 'chips'] as const;
export type StoreTab = (typeof STORE_TABS)[number];

/** `/store?tab=...`: an unknown or missing tab opens the card backs. */
export function parseTab(value: string | null): StoreTab {
  return (STORE_TABS as readonly string[]).includes(value ?? '') ? (value as StoreTab) : 'backs';
}

export function itemsOfTab(items: readonly AssetItem[], tab: StoreTab): AssetItem[] {
  if (tab === 'chips') return [];
  const type = tab === 'backs' ? 'CARD_BACK' : 'TABLE';
  return items.filter((item) => item.type === type);
}

/** Balance first, then the bonus balance; any other wallet type after them. */
const WALLET_ORDER = ['BALANCE', 'BONUS_BALANCE'];
export function orderedWallets(wallets: readonly Wallet[]): Wallet[] {
  const rank = (type: string) => (WALLET_ORDER.includes(type) ? WALLET_ORDER.indexOf(type) : 99);
  return [...wallets].sort((a, b) => rank(a.wallet_type) - rank(b.wallet_type));
}

export function balanceOf(wallets: readonly Wallet[], walletType: string): bigint {
  const balance = wallets.find((w) => w.wallet_type === walletType)?.balance;
  return balance && /^-?\d+$/.test(balance) ? BigInt(balance) : 0n;
}

/** How many chips the wallet lacks for a price; 0 when it can pay. */
export function missingFor(price: string, walletType: string, wallets: readonly Wallet[]): bigint {
  const need = BigInt(/^\d+$/.test(price) ? price : '0') - balanceOf(wallets, walletType);
  return need > 0n ? need : 0n;
}

export type ItemState = 'active' | 'owned' | 'buyable' | 'too_poor';

/** What the item's button does: nothing (in use), apply, buy, or explain the wallet is too poor. */
export function itemState(item: AssetItem, wallets: readonly Wallet[]): ItemState {
  if (item.is_active) return 'active';
  if (item.is_owned) return 'owned';
  return missingFor(item.price, item.balance_type, wallets) > 0n ? 'too_poor' : 'buyable';
}

/** After a purchase or apply: the catalogue as the server now sees it, without a re-read. */
export function withUpdated(items: readonly AssetItem[], changed: AssetItem): AssetItem[] {
  return items.map((item) => {
    if (item.id === changed.id) return changed;
    if (changed.is_active && item.type === changed.type) return { ...item, is_active: false };
    return item;
  });
}

export type AmountError = 'required' | 'invalid' | 'too_small' | 'too_large';
export const MAX_DEPOSIT = 1_000_000_000n;

/** A deposit amount as typed: whole chips, at least `step`, a multiple of it, at most MAX_DEPOSIT. */
export function checkAmount(text: string, step = 1n): { amount: string } | { error: AmountError } {
  const value = text.replace(/[\s\u202f]/g, '');
  if (value === '') return { error: 'required' };
  if (!/^\d+$/.test(value)) return { error: 'invalid' };
  const amount = BigInt(value);
  if (amount < step || amount === 0n) return { error: 'too_small' };
  if (amount > MAX_DEPOSIT) return { error: 'too_large' };
  if (amount % step !== 0n) return { error: 'invalid' };
  return { amount: amount.toString() };
}

/** A fresh key per intended payment: a retried request (double tap, timeout) acts once. */
export function newIdempotencyKey(prefix: string, random: () => string = () => crypto.randomUUID()): string {
  return `${prefix}-${random()}`;
}

/** `H:MM:SS` until a moment (the next daily reward); 0:00:00 once it has passed. */
export function countdown(untilIso: string, now: number): string {
  const left = Math.max(0, Math.floor((Date.parse(untilIso) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

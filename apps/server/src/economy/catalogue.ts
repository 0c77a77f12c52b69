import type { AssetType, WalletType } from '@durak/protocol';

export interface CatalogueAsset {
  readonly id: number;
  readonly type: AssetType;
  readonly name: string;
  readonly url: string;
  /** 0: the free default of its type, owned by everyone. */
  readonly price: bigint;
  readonly balanceType: WalletType;
}

/** The web's own card back: what a user without cosmetics sees (apps/web/public/cards/back.svg). */
export const DEFAULT_CARD_BACK_URL = '/cards/back.svg';
export const DEFAULT_FELT_URL = '/cosmetics/felts/green.svg';

/**
 * The cosmetics (FEATURES.md §2). The images are the web's own SVG files under
 * apps/web/public/cosmetics; names are keys the web translates (`store.asset.<name>`).
 */
export const assetCatalogue: readonly CatalogueAsset[] = [
  { id: 1, type: 'CARD_BACK', name: 'classic', url: DEFAULT_CARD_BACK_URL, price: 0n, balanceType: 'BONUS_BALANCE' },
  { id: 2, type: 'CARD_BACK', name: 'navy', url: '/cosmetics/backs/navy.svg', price: 2_000n, balanceType: 'BONUS_BALANCE' },
  { id: 3, type: 'CARD_BACK', name: 'emerald', url: '/cosmetics/backs/emerald.svg', price: 5_000n, balanceType: 'BONUS_BALANCE' },
  { id: 4, type: 'CARD_BACK', name: 'sunset', url: '/cosmetics/backs/sunset.svg', price: 10_000n, balanceType: 'BONUS_BALANCE' },
  { id: 5, type: 'CARD_BACK', name: 'midnight', url: '/cosmetics/backs/midnight.svg', price: 500n, balanceType: 'BALANCE' },
  { id: 6, type: 'CARD_BACK', name: 'royal', url: '/cosmetics/backs/royal.svg', price: 1_500n, balanceType: 'BALANCE' },
  { id: 7, type: 'TABLE', name: 'green', url: DEFAULT_FELT_URL, price: 0n, balanceType: 'BONUS_BALANCE' },
  { id: 8, type: 'TABLE', name: 'burgundy', url: '/cosmetics/felts/burgundy.svg', price: 3_000n, balanceType: 'BONUS_BALANCE' },
  { id: 9, type: 'TABLE', name: 'ocean', url: '/cosmetics/felts/ocean.svg', price: 8_000n, balanceType: 'BONUS_BALANCE' },
  { id: 10, type: 'TABLE', name: 'graphite', url: '/cosmetics/felts/graphite.svg', price: 1_000n, balanceType: 'BALANCE' },
];

export interface CatalogueProduct {
  readonly id: number;
  readonly kind: 'chips' | 'conversion';
  readonly name: string;
  /** chips: the price in Telegram Stars; conversion: from_amount. */
  readonly price: bigint;
  readonly balanceType: WalletType;
  readonly amount?: bigint;
  readonly imageUrl: string;
  readonly fromWallet?: WalletType;
  readonly toWallet?: WalletType;
  readonly fromAmount?: bigint;
  readonly toAmount?: bigint;
}

/**
 * Chip packs go to BALANCE (bought chips) through a deposit provider; conversions turn bought
 * chips into more bonus chips. Ids stay clear of the asset ids, which `?kind=asset` lists as products.
 */
export const productCatalogue: readonly CatalogueProduct[] = [
  {
    id: 101,
    kind: 'chips',
    name: 'chips_small',
    price: 10n,
    balanceType: 'BALANCE',
    amount: 1_000n,
    imageUrl: '/cosmetics/chips/small.svg',
  },
  {
    id: 102,
    kind: 'chips',
    name: 'chips_medium',
    price: 50n,
    balanceType: 'BALANCE',
    amount: 5_000n,
    imageUrl: '/cosmetics/chips/medium.svg',
  },
  {
    id: 103,
    kind: 'chips',
    name: 'chips_large',
    price: 100n,
    balanceType: 'BALANCE',
    amount: 10_000n,
    imageUrl: '/cosmetics/chips/large.svg',
  },
  {
    id: 104,
    kind: 'chips',
    name: 'chips_huge',
    price: 500n,
    balanceType: 'BALANCE',
    amount: 50_000n,
    imageUrl: '/cosmetics/chips/huge.svg',
  },
  conversion(201, 'convert_small', 1_000n, 1_500n),
  conversion(202, 'convert_medium', 5_000n, 8_000n),
  conversion(203, 'convert_large', 10_000n, 17_000n),
];

function conversion(id: number, name: string, fromAmount: bigint, toAmount: bigint): CatalogueProduct {
  return {
    id,
    kind: 'conversion',
    name,
    price: fromAmount,
    balanceType: 'BALANCE',
    imageUrl: '/cosmetics/chips/convert.svg',
    fromWallet: 'BALANCE',
    toWallet: 'BONUS_BALANCE',
    fromAmount,
    toAmount,
  };
}

/** Daily reward by streak day 1..7 (BONUS_BALANCE); day 8 starts the week again. */
export const dailyRewardAmounts: readonly bigint[] = [500n, 750n, 1_000n, 1_500n, 2_000n, 3_000n, 5_000n];

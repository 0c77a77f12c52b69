import type { Product, ProductKind, WalletType } from '@durak/protocol';
import { and, asc, eq } from 'drizzle-orm';
import type { Store } from '../store/db.js';
import { assets, products } from '../store/economy-schema.js';
import { transfer } from '../wallets/ledger.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';

/** The system account a conversion passes through (one per wallet type). */
export const EXCHANGE = 'exchange';

type ProductRow = typeof products.$inferSelect;

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    kind: row.kind as ProductKind,
    name: row.name,
    price: row.price.toString(),
    balance_type: row.balanceType as WalletType,
    image_url: row.imageUrl,
    ...(row.amount !== null ? { amount: row.amount.toString() } : {}),
    ...(row.fromWallet ? { from_wallet: row.fromWallet as WalletType } : {}),
    ...(row.toWallet ? { to_wallet: row.toWallet as WalletType } : {}),
    ...(row.fromAmount !== null ? { from_amount: row.fromAmount.toString() } : {}),
    ...(row.toAmount !== null ? { to_amount: row.toAmount.toString() } : {}),
  };
}

export interface ConversionDone {
  readonly product_id: number;
  readonly from_wallet: WalletType;
  readonly to_wallet: WalletType;
  readonly from_amount: string;
  readonly to_amount: string;
}

export function createProductsService(deps: { store: Store; onWalletChange: (userId: number) => Promise<void>; guard: StakeGuard }) {
  const { store } = deps;
  return {
    /** `?kind=`: chip packs, conversion offers, or the priced cosmetics as products; all without it. */
    async list(kind: ProductKind | undefined): Promise<Product[]> {
      const listed: Product[] = [];
      if (kind !== 'asset') {
        const rows = await store.db
          .select()
          .from(products)
          .where(kind ? eq(products.kind, kind) : undefined)
          .orderBy(asc(products.sortOrder));
        listed.push(...rows.map(toProduct));
      }
      if (kind === undefined || kind === 'asset') {
        const rows = await store.db.select().from(assets).orderBy(asc(assets.sortOrder));
        for (const a of rows) {
          if (a.price === 0n) continue;
          listed.push({
            id: a.id,
            kind: 'asset',
            name: a.name,
            price: a.price.toString(),
            balance_type: a.balanceType as WalletType,
            asset_id: a.id,
            image_url: a.url,
          });
        }
      }
      return listed;
    },

    /**
     * Applies a conversion offer: from_amount leaves the user's from_wallet and to_amount arrives
     * in the to_wallet, two transfers through the exchange account in one transaction. The keys
     * carry the user, the offer and the client's key, so a retry converts once and the same key
     * on another offer is another conversion, never a clash.
     */
    async convert(userId: number, productId: number, clientKey: string): Promise<Result<ConversionDone>> {
      const outcome = await store.withTransaction(async (tx) => {
        const [offer] = await tx
          .select()
          .from(products)
          .where(and(eq(products.id, productId), eq(products.kind, 'conversion')));
        if (!offer?.fromWallet || !offer.toWallet || !offer.fromAmount || !offer.toAmount)
          return failure('product/not_found', 'No such conversion offer', { product_id: productId });
        const from = offer.fromWallet as WalletType;
        const to = offer.toWallet as WalletType;
        const allowed = await deps.guard.check(tx, { userId, kind: 'convert', walletType: from, amount: offer.fromAmount });
        if (!allowed.ok) return allowed;
        const key = `convert:${userId}:${productId}:${clientKey}`;
        const paid = await transfer(tx, {
          from: { userId, walletType: from },
          to: { system: EXCHANGE, walletType: from },
          amount: offer.fromAmount,
          kind: 'conversion_out',
          idempotencyKey: `${key}:out`,
        });
        if (!paid.ok) return { ok: false as const, error: paid.error };
        const got = await transfer(tx, {
          from: { system: EXCHANGE, walletType: to },
          to: { userId, walletType: to },
          amount: offer.toAmount,
          kind: 'conversion_in',
          idempotencyKey: `${key}:in`,
        });
        if (!got.ok) return { ok: false as const, error: got.error };
        return ok({
          product_id: productId,
          from_wallet: from,
          to_wallet: to,
          from_amount: offer.fromAmount.toString(),
          to_amount: offer.toAmount.toString(),
        });
      });
      if (outcome.ok) await deps.onWalletChange(userId);
      return outcome;
    },
  };
}

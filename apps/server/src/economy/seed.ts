import { sql } from 'drizzle-orm';
import type { Store } from '../store/db.js';
import { assets, products } from '../store/economy-schema.js';
import { assetCatalogue, productCatalogue } from './catalogue.js';

/**
 * Writes the store's catalogue on every start: an installation seeded before the store existed
 * gets it too, and a changed price or image lands with the next deploy. Upserts by id, so nodes
 * starting together write the same rows.
 */
export async function seedEconomy(store: Store): Promise<void> {
  await store.withTransaction(async (tx) => {
    await tx
      .insert(assets)
      .values(
        assetCatalogue.map((a, i) => ({
          id: a.id,
          type: a.type,
          name: a.name,
          url: a.url,
          price: a.price,
          balanceType: a.balanceType,
          sortOrder: i,
        })),
      )
      .onConflictDoUpdate({
        target: assets.id,
        set: {
          type: sql`excluded.type`,
          name: sql`excluded.name`,
          url: sql`excluded.url`,
          price: sql`excluded.price`,
          balanceType: sql`excluded.balance_type`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
    await tx
      .insert(products)
      .values(
        productCatalogue.map((p, i) => ({
          id: p.id,
          kind: p.kind,
          name: p.name,
          price: p.price,
          balanceType: p.balanceType,
          amount: p.amount ?? null,
          imageUrl: p.imageUrl,
          fromWallet: p.fromWallet ?? null,
          toWallet: p.toWallet ?? null,
          fromAmount: p.fromAmount ?? null,
          toAmount: p.toAmount ?? null,
          sortOrder: i,
        })),
      )
      .onConflictDoUpdate({
        target: products.id,
        set: {
          kind: sql`excluded.kind`,
          name: sql`excluded.name`,
          price: sql`excluded.price`,
          balanceType: sql`excluded.balance_type`,
          amount: sql`excluded.amount`,
          imageUrl: sql`excluded.image_url`,
          fromWallet: sql`excluded.from_wallet`,
          toWallet: sql`excluded.to_wallet`,
          fromAmount: sql`excluded.from_amount`,
          toAmount: sql`excluded.to_amount`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  });
}

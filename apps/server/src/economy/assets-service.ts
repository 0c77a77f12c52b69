import type { AssetItem, AssetType, WalletType } from '@durak/protocol';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Store } from '../store/db.js';
import { assets, userAssets } from '../store/economy-schema.js';
import { transfer } from '../wallets/ledger.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';

/** Where the price of a cosmetic goes (one system account per wallet type). */
export const HOUSE = 'house';

type AssetRow = typeof assets.$inferSelect;
type Owned = { assetId: number; isActive: boolean };

/** The catalogue as one user sees it; a free default is active while nothing else of its type is. */
function toItems(rows: readonly AssetRow[], owned: readonly Owned[]): AssetItem[] {
  const activeIds = new Set(owned.filter((o) => o.isActive).map((o) => o.assetId));
  const typesWithActive = new Set(rows.filter((r) => activeIds.has(r.id)).map((r) => r.type));
  return rows.map((row) => {
    const isDefault = row.price === 0n;
    return {
      id: row.id,
      type: row.type as AssetType,
      name: row.name,
      url: row.url,
      price: row.price.toString(),
      balance_type: row.balanceType as WalletType,
      is_owned: isDefault || owned.some((o) => o.assetId === row.id),
      is_active: activeIds.has(row.id) || (isDefault && !typesWithActive.has(row.type)),
    };
  });
}

async function ownedBy(db: Db, userId: number): Promise<Owned[]> {
  return db.select({ assetId: userAssets.assetId, isActive: userAssets.isActive }).from(userAssets).where(eq(userAssets.userId, userId));
}

export interface AssetsServiceDeps {
  readonly store: Store;
  /** Called after a purchase commits (the wallet changed). */
  readonly onWalletChange: (userId: number) => Promise<void>;
  /** Refuses a purchase on a break, a self-exclusion or a freeze. */
  readonly guard: StakeGuard;
}

export function createAssetsService(deps: AssetsServiceDeps) {
  const { store } = deps;

  async function listAll(userId: number): Promise<AssetItem[]> {
    const rows = await store.db.select().from(assets).orderBy(asc(assets.sortOrder));
    return toItems(rows, await ownedBy(store.db, userId));
  }

  return {
    listAll,

    async listOwned(userId: number): Promise<AssetItem[]> {
      return (await listAll(userId)).filter((item) => item.is_owned);
    },

    /** The active asset of each type: the one applied, or the free default. */
    async activeOf(userId: number): Promise<{ type: AssetType; url: string }[]> {
      return (await listAll(userId)).filter((item) => item.is_active).map((item) => ({ type: item.type, url: item.url }));
    },

    /**
     * Buys an asset: price wallet -> house, in the same transaction as the ownership row. The
     * row's primary key decides between two concurrent buys (the second waits for the first's
     * commit and then finds the row), so a double tap charges once and the loser gets 409.
     */
    async buy(userId: number, assetId: number): Promise<Result<AssetItem>> {
      const outcome = await store.withTransaction(async (tx) => {
        const [asset] = await tx.select().from(assets).where(eq(assets.id, assetId));
        if (!asset) return failure('asset/not_found', 'No such asset', { asset_id: assetId });
        if (asset.price === 0n) return failure('asset/already_owned', 'Everyone owns the free default', { asset_id: assetId });
        const allowed = await deps.guard.check(tx, {
          userId,
          kind: 'purchase',
          walletType: asset.balanceType as WalletType,
          amount: asset.price,
        });
        if (!allowed.ok) return allowed;
        const [inserted] = await tx
          .insert(userAssets)
          .values({ userId, assetId, type: asset.type })
          .onConflictDoNothing()
          .returning({ assetId: userAssets.assetId });
        if (!inserted) return failure('asset/already_owned', 'You already own this asset', { asset_id: assetId });
        const walletType = asset.balanceType as WalletType;
        const paid = await transfer(tx, {
          from: { userId, walletType },
          to: { system: HOUSE, walletType },
          amount: asset.price,
          kind: 'asset_purchase',
          idempotencyKey: `asset:${userId}:${assetId}`,
          memo: { asset_id: assetId },
        });
        if (!paid.ok) return { ok: false as const, error: paid.error };
        return ok(asset);
      });
      if (!outcome.ok) return outcome;
      await deps.onWalletChange(userId);
      const item = (await listAll(userId)).find((i) => i.id === assetId);
      if (!item) throw new Error(`asset ${assetId} vanished after purchase`);
      return ok(item);
    },

    /** Makes an owned asset the active one of its type (a free default: clears the others). */
    async apply(userId: number, assetId: number): Promise<Result<AssetItem>> {
      const outcome = await store.withTransaction(async (tx) => {
        const [asset] = await tx.select().from(assets).where(eq(assets.id, assetId));
        if (!asset) return failure('asset/not_found', 'No such asset', { asset_id: assetId });
        // Lock the user's rows of this type, so two applies at once end with exactly one active.
        const mine = await tx
          .select({ assetId: userAssets.assetId })
          .from(userAssets)
          .where(and(eq(userAssets.userId, userId), eq(userAssets.type, asset.type)))
          .for('update');
        const isOwned = asset.price === 0n || mine.some((m) => m.assetId === assetId);
        if (!isOwned) return failure('asset/not_owned', 'Buy the asset before applying it', { asset_id: assetId });
        await tx
          .update(userAssets)
          .set({ isActive: false })
          .where(and(eq(userAssets.userId, userId), eq(userAssets.type, asset.type), eq(userAssets.isActive, true)));
        if (asset.price !== 0n)
          await tx
            .update(userAssets)
            .set({ isActive: true })
            .where(and(eq(userAssets.userId, userId), eq(userAssets.assetId, assetId)));
        return ok(asset);
      });
      if (!outcome.ok) return outcome;
      const item = (await listAll(userId)).find((i) => i.id === assetId);
      if (!item) throw new Error(`asset ${assetId} vanished after apply`);
      return ok(item);
    },
  };
}

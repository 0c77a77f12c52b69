import type { AssetItem, AvailableReward, DepositAnswer, Product, ProductKind } from '@durak/protocol';
import { http } from './http';

/**
 * Typed calls of the store, payments, rewards and promo codes (FEATURES.md §2). Calls without a
 * body send `{}`: axios labels even an empty body JSON, and the server refuses empty JSON.
 */
export const economyApi = {
  allAssets: () => http.get<{ items: AssetItem[] }>('/assets/all-assets').then((r) => r.data.items),
  buyAsset: (assetId: number) => http.post<AssetItem>('/assets/add-asset', {}, { params: { asset_id: assetId } }).then((r) => r.data),
  applyAsset: (assetId: number) => http.post<AssetItem>('/assets/apply-asset', {}, { params: { asset_id: assetId } }).then((r) => r.data),
  products: (kind: ProductKind) => http.get<{ items: Product[] }>('/product/', { params: { kind } }).then((r) => r.data.items),
  deposit: (provider: string, walletType: string, amount: string, idempotencyKey: string) =>
    http.post<DepositAnswer>(`/payments/deposit/${provider}/${walletType}`, { amount, idempotency_key: idempotencyKey }).then((r) => r.data),
  convert: (productId: number, idempotencyKey: string) => http.post(`/payments/convert/${productId}`, { idempotency_key: idempotencyKey }).then((r) => r.data),
  availableReward: () => http.get<AvailableReward>('/rewards/available_reward').then((r) => r.data),
  claimReward: () => http.post<{ amount: string; streak_day: number; next_at: string }>('/rewards/claim_daily_reward', {}).then((r) => r.data),
  usePromoCode: (code: string) => http.post<{ code: string; amount: string; wallet_type: string }>(`/promocode/use/${encodeURIComponent(code)}`, {}).then((r) => r.data),
};

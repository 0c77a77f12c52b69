import type {
  AssetItem,
  AssetList,
  AvailableReward,
  ClaimedReward,
  ConvertAnswer,
  ConvertRequest,
  DepositAnswer,
  DepositRequest,
  ProductKind,
  ProductList,
  UsedPromoCode,
  WalletType,
} from '@durak/protocol';
import { http } from './http';

/**
 * Typed calls of the store, payments, rewards and promo codes (FEATURES.md §2). Calls without a
 * body send `{}`: axios labels even an empty body JSON, and the server refuses empty JSON.
 */
export const economyApi = {
  allAssets: () => http.get<AssetList>('/assets/all-assets').then((r) => r.data.items),
  buyAsset: (assetId: number) => http.post<AssetItem>('/assets/add-asset', {}, { params: { asset_id: assetId } }).then((r) => r.data),
  applyAsset: (assetId: number) => http.post<AssetItem>('/assets/apply-asset', {}, { params: { asset_id: assetId } }).then((r) => r.data),
  products: (kind: ProductKind) => http.get<ProductList>('/product/', { params: { kind } }).then((r) => r.data.items),
  deposit: (provider: string, walletType: WalletType, amount: string, idempotencyKey: string) =>
    http
      .post<DepositAnswer>(`/payments/deposit/${provider}/${walletType}`, {
        amount,
        idempotency_key: idempotencyKey,
      } satisfies DepositRequest)
      .then((r) => r.data),
  convert: (productId: number, idempotencyKey: string) =>
    http
      .post<ConvertAnswer>(`/payments/convert/${productId}`, { idempotency_key: idempotencyKey } satisfies ConvertRequest)
      .then((r) => r.data),
  availableReward: () => http.get<AvailableReward>('/rewards/available_reward').then((r) => r.data),
  claimReward: () => http.post<ClaimedReward>('/rewards/claim_daily_reward', {}).then((r) => r.data),
  usePromoCode: (code: string) => http.post<UsedPromoCode>(`/promocode/use/${encodeURIComponent(code)}`, {}).then((r) => r.data),
};

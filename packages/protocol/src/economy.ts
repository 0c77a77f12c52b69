import { z } from 'zod';
import { assetType } from './assets.js';
import { chipsAmount, isoDate, smallPathId } from './bounds.js';
import { chips, links, walletType } from './common.js';

/** A deposit's or a promo code's amount: the shared definition (1 to 1,000,000,000 chips). */
export const positiveChips = chipsAmount;

/** A client-chosen key that makes a retried request act once. */
export const idempotencyKey = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(100)
  .regex(/^[\w:.-]+$/, 'letters, digits, _ : . - only');

/** A numeric id in a path or query (`?asset_id=12`). */
export const idParam = smallPathId;

export const assetItem = z.object({
  id: z.number().int(),
  type: assetType,
  name: z.string(),
  url: z.string(),
  price: chips,
  balance_type: walletType,
  is_owned: z.boolean(),
  is_active: z.boolean(),
});
export type AssetItem = z.infer<typeof assetItem>;
// Every list answers `{items, links}` (DESIGN.md §9); the catalogue is one page.
export const assetList = z.object({ items: z.array(assetItem), links });
export type AssetList = z.infer<typeof assetList>;
export const assetQuery = z.object({ asset_id: idParam });

export const productKind = z.enum(['chips', 'conversion', 'asset']);
export type ProductKind = z.infer<typeof productKind>;
export const product = z.object({
  id: z.number().int(),
  kind: productKind,
  name: z.string(),
  /** chips: what the pack costs in the provider's unit (Telegram Stars); asset: chips of balance_type. */
  price: chips,
  balance_type: walletType,
  amount: chips.optional(),
  asset_id: z.number().int().optional(),
  image_url: z.string(),
  from_wallet: walletType.optional(),
  to_wallet: walletType.optional(),
  from_amount: chips.optional(),
  to_amount: chips.optional(),
});
export type Product = z.infer<typeof product>;
export const productList = z.object({
  items: z.array(product),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
});
export type ProductList = z.infer<typeof productList>;
export const productQuery = z.object({ kind: productKind.optional() });

export const depositBody = z.object({ amount: positiveChips, idempotency_key: idempotencyKey });
export type DepositRequest = z.input<typeof depositBody>;
export const depositStatus = z.enum(['pending', 'completed']);
export const depositAnswer = z.object({ deposit_id: z.number().int(), status: depositStatus, pay_url: z.string().optional() });
export type DepositAnswer = z.infer<typeof depositAnswer>;

export const convertBody = z.object({ idempotency_key: idempotencyKey });
export type ConvertRequest = z.input<typeof convertBody>;
export const convertAnswer = z.object({
  product_id: z.number().int(),
  from_wallet: walletType,
  to_wallet: walletType,
  from_amount: chips,
  to_amount: chips,
});
export type ConvertAnswer = z.infer<typeof convertAnswer>;

export const availableReward = z.object({
  is_available: z.boolean(),
  amount: chips,
  streak_day: z.number().int().min(1).max(7),
  next_at: z.string(),
});
export type AvailableReward = z.infer<typeof availableReward>;
export const claimedReward = z.object({ amount: chips, streak_day: z.number().int(), wallet_type: walletType, next_at: z.string() });
export type ClaimedReward = z.infer<typeof claimedReward>;

export const promoCodeText = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
export const createPromoCodeBody = z.object({
  code: promoCodeText,
  amount: positiveChips,
  wallet_type: walletType.default('BONUS_BALANCE'),
  max_uses: z.number().int().min(1).max(10_000_000),
  expires_at: isoDate.nullable().optional(),
});
export type CreatePromoCodeRequest = z.input<typeof createPromoCodeBody>;
export const promoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  amount: chips,
  wallet_type: walletType,
  max_uses: z.number().int(),
  used_count: z.number().int(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export const promoCodeList = z.object({
  items: z.array(promoCode),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
});
export const usedPromoCode = z.object({ code: z.string(), amount: chips, wallet_type: walletType });
export type UsedPromoCode = z.infer<typeof usedPromoCode>;

/**
 * The Telegram bot's payment webhook: whether the update was applied and what it was (or the
 * refusal's code). Always 200 but for a wrong secret, or Telegram redelivers for hours.
 */
export const telegramWebhookAnswer = z.object({ ok: z.boolean(), handled: z.string() });

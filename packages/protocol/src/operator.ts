import { z } from 'zod';
import { chips, page, pageQuery, role, walletType } from './common.js';

/**
 * The operator's tools (FEATURES.md §9): finding users, administering promo codes, filtering the
 * audit log. Kept apart from admin.ts so each admin area's shapes read on their own.
 */

// ---- user search ----

/** `search`: a username prefix (letter case ignored), a user id, or a Telegram id; `country`: a code, or `none`. */
export const adminUserSearchQuery = pageQuery.extend({
  search: z.string().trim().max(64).optional(),
  country: z
    .string()
    .regex(/^([A-Za-z]{2}|none)$/, 'must be a two-letter country code or none')
    .transform((c) => (c === 'none' ? c : c.toUpperCase()))
    .optional(),
});
export const adminUserFound = z.object({
  id: z.number().int(),
  username: z.string(),
  country: z.string().nullable(),
  telegram_id: z.string().nullable(),
  roles: z.array(role),
  created_at: z.string(),
});
export type AdminUserFound = z.infer<typeof adminUserFound>;
export const adminUserSearchPage = page(adminUserFound).extend({ total: z.number().int() });
export type AdminUserSearchPage = z.infer<typeof adminUserSearchPage>;

// ---- promo codes ----

export const adminPromoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  amount: chips,
  wallet_type: walletType,
  max_uses: z.number().int(),
  used_count: z.number().int(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  is_active: z.boolean(),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCode>;
export const adminPromoCodePage = page(adminPromoCode).extend({ total: z.number().int() });
export type AdminPromoCodePage = z.infer<typeof adminPromoCodePage>;
/** Only switching a code off (or back on) is offered: its amount and limits are what players were promised. */
export const promoCodePatch = z.object({ is_active: z.boolean() });
export const promoCodeUse = z.object({ user_id: z.number().int(), username: z.string(), used_at: z.string() });
export type PromoCodeUse = z.infer<typeof promoCodeUse>;
export const promoCodeUsePage = page(promoCodeUse).extend({ total: z.number().int() });
export type PromoCodeUsePage = z.infer<typeof promoCodeUsePage>;

// ---- audit filters ----

/**
 * `actor`: a user id or a username (letter case ignored); `action`: an exact action or its area
 * (`tournament` finds `tournament.pin`, ...); `resource`: an exact `kind:id` or a kind (`promocode`).
 */
export const auditQuery = pageQuery.extend({
  actor: z.string().trim().min(1).max(64).optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'must be an action like tournament.pin or an area like tournament')
    .optional(),
  resource: z
    .string()
    .trim()
    .regex(/^[a-z_]+(:[0-9*]+)?$/, 'must be a resource like tournament:12 or a kind like tournament')
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

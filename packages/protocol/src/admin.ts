import { z } from 'zod';
import { isoDate, pathId, signedChipsAmount } from './bounds.js';
import { chips, links, page, pageQuery, role, walletType } from './common.js';
import { usersByCountry, wallet } from './user.js';

/** A path id: a positive integer (`/api/banner/{id}`, `/api/admin/users/{id}`, ...). */
export const idParams = z.object({ id: pathId });

/** Sorting of an admin list, kept in the page's URL: `sort=<column>&order=asc|desc`. */
export function sortedPageQuery<const C extends readonly [string, ...string[]]>(columns: C, defaultSort: C[number]) {
  return pageQuery.extend({
    sort: z.enum(columns).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
  });
}

// ---- banners ----

/** SPEC §9's interface languages: the ones a banner caption may be given in. */
export const captionLanguages = ['ru', 'hy', 'az', 'be', 'en', 'et', 'kk', 'ky', 'lv', 'lt', 'ro', 'tg', 'tk', 'uk', 'uz'] as const;
export type CaptionLanguage = (typeof captionLanguages)[number];
export const maxCaptionLength = 1000;
/** A banner's captions per language as answered; a language left out shows the default caption (`description`). */
export const bannerCaptions = z.partialRecord(z.enum(captionLanguages), z.string());
export type BannerCaptions = z.infer<typeof bannerCaptions>;
/** The captions an admin sends. */
const captionsInput = z
  .record(z.string(), z.string().trim().min(1).max(maxCaptionLength))
  // Checked key by key (not with an enum key schema) so the 400 names the language: `captions.fr`.
  .superRefine((captions, ctx) => {
    for (const lang of Object.keys(captions)) {
      if (!(captionLanguages as readonly string[]).includes(lang))
        ctx.addIssue({ code: 'custom', path: [lang], message: `not one of ${captionLanguages.join(', ')}` });
    }
  })
  .transform((captions) => captions as BannerCaptions);
/**
 * A multipart form carries text only, so `captions` travels as a JSON object; an unknown
 * language or a too-long text is named in the 400 as `captions.<code>`.
 */
const captionsField = z
  .string()
  .max(32_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object such as {"en": "..."}' });
      return z.NEVER;
    }
  })
  .pipe(captionsInput);

export const banner = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  captions: bannerCaptions,
  start_date: z.string(),
  end_date: z.string(),
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
});
export type Banner = z.infer<typeof banner>;
// Every list answers `{items, links}` (DESIGN.md §9); the banners are one page.
export const bannerList = z.object({ items: z.array(banner), links });
export type BannerList = z.infer<typeof bannerList>;

const bannerDate = isoDate;
/** The text fields of a banner's multipart form (the image travels beside them as `image`). */
export const bannerFields = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(maxCaptionLength).default(''),
  captions: captionsField.default({}),
  start_date: bannerDate,
  end_date: bannerDate,
});
export type BannerFields = z.infer<typeof bannerFields>;
export const bannerPatchFields = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(maxCaptionLength).optional(),
  captions: captionsField.optional(),
  start_date: bannerDate.optional(),
  end_date: bannerDate.optional(),
});
export const bannerOrderRequest = z.object({
  ids: z
    .array(z.number().int().min(1))
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id'),
});
export const maxBannerImageBytes = 5 * 1024 * 1024;

// ---- audit ----

export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }),
  action: z.string(),
  resource: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
  ip: z.string(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = page(auditEntry).extend({ total: z.number().int() });
export type AuditPage = z.infer<typeof auditPage>;

// ---- users ----

/** Users per country, with the number of countries (`total`, for the pager) and of all users. */
export const countryCounts = usersByCountry.extend({ total: z.number().int(), users: z.number().int() });
export type CountryCounts = z.infer<typeof countryCounts>;
export type CountryCount = CountryCounts['items'][number];

export const countryCodeParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((c) => c.toUpperCase()),
});
export const countryUser = z.object({ id: z.number().int(), username: z.string(), roles: z.array(role), created_at: z.string() });
export const countryUsers = page(countryUser).extend({ total: z.number().int() });

export const ledgerLine = z.object({
  id: z.number().int(),
  kind: z.string(),
  wallet_type: walletType,
  /** Signed: what the user's wallet gained (+) or lost (-). */
  amount: chips,
  created_at: z.string(),
  memo: z.unknown(),
});
export const gameLine = z.object({
  room_id: z.number().int(),
  finished_at: z.string().nullable(),
  bet_amount: chips,
  balance_type: walletType,
  result: z.string().nullable(),
  amount: chips.nullable(),
  /** How the user's seat ended: normal, surrender, timeout or left (FEATURES.md §12). */
  result_reason: z.string().nullable().optional(),
  /** The others at the table: their result and the chips that went from them to the user (+) or back (-). */
  opponents: z
    .array(z.object({ user_id: z.number().int(), username: z.string(), amount: chips, result_reason: z.string(), flow: chips }))
    .optional(),
});
/** Per opponent over the user's recent games: how many together, chips won from them and lost to them. */
export const opponentLine = z.object({
  user_id: z.number().int(),
  username: z.string(),
  games: z.number().int(),
  won_from: chips,
  lost_to: chips,
});
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  created_at: z.string(),
  last_played_at: z.string().nullable(),
  roles: z.array(role),
  commission_bps: z.number().int(),
  wallets: z.array(wallet),
  ledger: z.array(ledgerLine),
  games: z.array(gameLine),
  opponents: z.array(opponentLine).optional(),
  // The ban (FEATURES.md §8, docs/api.md): `banned_until` null while banned means until lifted.
  is_banned: z.boolean(),
  banned_until: z.string().nullable(),
  ban_reason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adjustRequest = z.object({
  wallet_type: walletType,
  amount: signedChipsAmount,
  reason: z.string().trim().min(3).max(500),
  idempotency_key: z.string().min(8).max(100),
});
export type AdjustRequest = z.infer<typeof adjustRequest>;
export const adjustAnswer = z.object({ transfer_id: z.number().int(), is_replay: z.boolean(), wallets: z.array(wallet) });
export type AdjustAnswer = z.infer<typeof adjustAnswer>;
/** What the admin form sends to adjust a balance. */
export type AdjustInput = z.input<typeof adjustRequest>;

export const userPatchRequest = z
  .object({
    roles: z
      .array(role)
      .min(1)
      .refine((r) => r.includes('player'), 'must include player')
      .refine((r) => new Set(r).size === r.length, 'must not repeat a role')
      .optional(),
    commission_bps: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((b) => b.roles !== undefined || b.commission_bps !== undefined, { message: 'give roles or commission_bps', path: ['roles'] });
export const userPatched = z.object({ id: z.number().int(), roles: z.array(role), commission_bps: z.number().int() });
export type UserPatchRequest = z.input<typeof userPatchRequest>;
export type UserPatched = z.infer<typeof userPatched>;

// ---- agents ----

export const agentListQuery = sortedPageQuery(['id', 'username', 'commission_bps', 'children_count'], 'id').extend({
  search: z.string().trim().max(32).optional(),
});
export const agentRow = z.object({
  id: z.number().int(),
  username: z.string(),
  parent_id: z.number().int().nullable(),
  commission_bps: z.number().int(),
  children_count: z.number().int(),
});
export const agentRows = page(agentRow).extend({ total: z.number().int() });
export type AgentRow = z.infer<typeof agentRow>;
export type AgentRows = z.infer<typeof agentRows>;
export const agentFigures = z.object({
  id: z.number().int(),
  username: z.string(),
  parent_id: z.number().int().nullable(),
  commission_bps: z.number().int(),
  players: z.number().int(),
  active_players_30d: z.number().int(),
  deposits: chips,
  rake: chips,
  /** Whole chips: the accrued chip-basis-points floored once over the total (fractions carried, never shown). */
  commission: chips,
  children_count: z.number().int(),
});
export type AgentFigures = z.infer<typeof agentFigures>;
export const agentChild = z.object({
  id: z.number().int(),
  username: z.string(),
  is_agent: z.boolean(),
  commission_bps: z.number().int(),
  children_count: z.number().int(),
  created_at: z.string(),
  last_played_at: z.string().nullable(),
});
export const agentChildren = page(agentChild).extend({ total: z.number().int() });
export type AgentChild = z.infer<typeof agentChild>;
export type AgentChildren = z.infer<typeof agentChildren>;

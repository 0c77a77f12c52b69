import { z } from 'zod';
import { pageQuery } from './bounds.js';
import { chips, page, walletType } from './common.js';

/** Fair play (FEATURES.md §12): the admins' integrity cases, their evidence and actions. */

export const integrityCaseStatus = z.enum(['open', 'frozen', 'confirmed', 'dismissed']);
export type IntegrityCaseStatus = z.infer<typeof integrityCaseStatus>;
export const integrityKind = z.enum(['chip_dumping', 'linked_accounts', 'soft_play', 'machine_play', 'stand_in_share']);
export type IntegrityKind = z.infer<typeof integrityKind>;

export const integrityCaseQuery = pageQuery.extend({ status: integrityCaseStatus.optional() });

export const integrityCaseAccount = z.object({
  user_id: z.number().int(),
  username: z.string(),
  role: z.enum(['receiver', 'feeder', 'member']),
});

export const integrityCase = z.object({
  id: z.number().int(),
  kind: integrityKind,
  score: z.number(),
  accounts: z.array(integrityCaseAccount),
  chips_moved: chips,
  /** The room ids of the case's games. */
  games: z.array(z.number().int()),
  opened_at: z.string(),
  status: integrityCaseStatus,
});
export type IntegrityCase = z.infer<typeof integrityCase>;
export const integrityCasePage = page(integrityCase).extend({ total: z.number().int() });
export type IntegrityCasePage = z.infer<typeof integrityCasePage>;

export const integritySignal = z.object({
  kind: integrityKind,
  users: z.array(z.number().int()),
  score: z.number(),
  figures: z.record(z.string(), z.union([z.number(), z.string()])),
  games: z.array(z.number().int()),
  chips,
});
export type IntegritySignal = z.infer<typeof integritySignal>;

export const integrityGame = z.object({
  room_id: z.number().int(),
  finished_at: z.string().nullable(),
  bet_amount: chips,
  wallet_type: walletType,
  is_private: z.boolean(),
  /** The game's replay page (FEATURES.md §14). */
  replay_url: z.string(),
  players: z.array(
    z.object({ user_id: z.number().int(), username: z.string(), amount: chips, place: z.number().int(), result_reason: z.string() }),
  ),
});
export type IntegrityGame = z.infer<typeof integrityGame>;

export const integrityTransfer = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** A user's name or a system account's key (`room:12`, `rake`, `house`). */
  from: z.string(),
  to: z.string(),
  amount: chips,
  wallet_type: walletType,
  room_id: z.number().int().nullable(),
  at: z.string(),
});

export const integrityDevice = z.object({
  user_id: z.number().int(),
  username: z.string(),
  kind: z.string(),
  device_id: z.string().nullable(),
  address: z.string().nullable(),
  at: z.string(),
});

export const integrityCaseDetail = integrityCase.extend({
  signals: z.array(integritySignal),
  game_list: z.array(integrityGame),
  transfers: z.array(integrityTransfer),
  devices: z.array(integrityDevice),
  frozen_by: z.number().int().nullable(),
  resolved_by: z.number().int().nullable(),
  resolution: z.enum(['refund', 'confiscate', 'none', 'dismissed']).nullable(),
  /** What a confirmation moved and what it could not (a wallet never goes below 0). */
  settlement: z
    .object({
      moved: z.array(z.object({ from: z.number().int(), to: z.string(), amount: chips, wallet_type: walletType })),
      short: z.array(z.object({ user_id: z.number().int(), amount: chips, wallet_type: walletType })),
    })
    .nullable(),
});
export type IntegrityCaseDetail = z.infer<typeof integrityCaseDetail>;

export const integrityConfirmRequest = z.object({ action: z.enum(['refund', 'confiscate', 'none']) });
export type IntegrityConfirmRequest = z.infer<typeof integrityConfirmRequest>;

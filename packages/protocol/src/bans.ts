import { z } from 'zod';
import { isoDate } from './bounds.js';

/**
 * Bans (FEATURES.md §8): `POST /api/admin/users/{id}/ban` and `DELETE` of the same path. Whether
 * `until` lies in the future is judged by the server's clock, which a schema cannot see.
 */
export const banRequest = z.object({
  reason: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters'),
  // Years 2000-2100 like every date a client sends (FEATURES.md §17: a ban's end was unbounded).
  until: isoDate.optional(),
});
export type BanRequest = z.infer<typeof banRequest>;
export type BanInput = z.input<typeof banRequest>;

/** A user's ban as the admin user page shows it; `banned_until` null while banned: until lifted. */
export const banState = z.object({
  id: z.number().int(),
  is_banned: z.boolean(),
  banned_until: z.string().nullable(),
  ban_reason: z.string().nullable(),
});
export type BanState = z.infer<typeof banState>;

/** `details` of 403 `auth/banned`: when the ban ends (null: until lifted). */
export const bannedDetails = z.object({ until: z.string().nullable() });

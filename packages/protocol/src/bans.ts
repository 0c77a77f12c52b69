import { z } from 'zod';

/**
 * A ban's end lies within 2000-2100 (FEATURES.md §17): a year like 275760 is a valid ISO date to
 * the schema but past what the database's timestamp and the web's dates agree on.
 */
function withinBanYears(iso: string): boolean {
  const year = new Date(iso).getUTCFullYear();
  return year >= 2000 && year <= 2100;
}

/**
 * Bans (FEATURES.md §8): `POST /api/admin/users/{id}/ban` and `DELETE` of the same path. Whether
 * `until` lies in the future is judged by the server's clock, which a schema cannot see.
 */
export const banRequest = z.object({
  reason: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters'),
  until: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 date and time with a zone' })
    .refine(withinBanYears, 'must lie within the years 2000 to 2100')
    .optional(),
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

import { z } from 'zod';

/**
 * Friends by name (FEATURES.md §17): `GET /api/users/search?username=` finds players whose name
 * starts with the text, look-alike letters included (`аnn` finds `ann`), at most 20.
 */
export const userSearchQuery = z.object({
  username: z.string().trim().min(1, 'must not be empty').max(32, 'must be at most 32 characters'),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export const userSearchLine = z.object({
  user_id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  is_online: z.boolean(),
});
export type UserSearchLine = z.infer<typeof userSearchLine>;

export const userSearchAnswer = z.object({ items: z.array(userSearchLine) });
export type UserSearchAnswer = z.infer<typeof userSearchAnswer>;

export const USER_SEARCH_LIMIT = 20;

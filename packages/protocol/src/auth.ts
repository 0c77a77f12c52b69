import { z } from 'zod';

/**
 * Username rules: 3–32 letters (any script), digits, `_`, `.` or `-`. No spaces, no control or
 * invisible characters, nothing that looks like markup or SQL: the name is shown to other players.
 */
export const username = z
  .string()
  .min(3, 'must be at least 3 characters')
  .max(32, 'must be at most 32 characters')
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'may hold only letters, digits, "_", "." and "-"');

export const password = z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters');

/** ISO 3166-1 alpha-2, upper case. */
export const country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as "RU"');

/** A BCP 47 primary language subtag such as "ru" or "en". */
export const language = z.string().regex(/^[a-z]{2,3}$/, 'must be a language code such as "ru"');

/**
 * The web's random device id (kept in local storage, FEATURES.md §12): optional in the sign-in,
 * registration and Telegram sign-in bodies; accounts signed in from one device are linked.
 */
export const deviceId = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "_" and "-"');

export const registrationRequest = z.object({
  username,
  password,
  country: country.nullish(),
  language: language.nullish(),
  /** The inviter's user id from the site's `?pr=<id>` link (FEATURES.md §3); unknown ids are ignored. */
  pr: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  device_id: deviceId.nullish(),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const loginRequest = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  device_id: deviceId.nullish(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const refreshRequest = z.object({ refresh_token: z.string().min(1).max(256) });
export type RefreshRequest = z.infer<typeof refreshRequest>;

export const logoutRequest = refreshRequest;

export const telegramAuthRequest = z.object({
  init_data: z.string().min(1).max(8192),
  /** Accepted for the spec's client; the signed start_param decides the parent (DESIGN.md §11). */
  parent: z.union([z.number().int(), z.string().max(32)]).nullish(),
  device_id: deviceId.nullish(),
});
export type TelegramAuthRequest = z.infer<typeof telegramAuthRequest>;

export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** `PUT /api/user/password`: the current password proves it is the owner; every other session ends. */
export const changePasswordRequest = z.object({
  current_password: z.string().min(1).max(128),
  new_password: password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

import { z } from 'zod';
import { asRoomId, asUserId } from './ids.js';

export { asRoomId, asUserId, type RoomId, type UserId } from './ids.js';

/**
 * The bounds of what a client or an admin may send (FEATURES.md §8): one definition each, used by
 * every route. Anything outside is 400 naming the field, never rounded, never let through to a
 * BIGINT column it could overflow (a balance far below 2^63 stays far below it).
 */

/** The most chips one request may name: a bet, buy-in, promo amount, adjustment, deposit, spin... */
export const MAX_INPUT_CHIPS = 1_000_000_000n;

const chipsMessage = `must be a whole number of chips from 1 to ${MAX_INPUT_CHIPS}`;

/**
 * Chips as clients send them today: a decimal string of digits (the spec's form, `"100"`) or a JSON
 * integer (older clients). Parsed to a bigint exactly, however long, so a 20-digit value is refused
 * as too large rather than rounded by a double; `min`..`max` inclusive.
 */
function chipsWithin(min: bigint, max: bigint, message: string, isStringOnly = false) {
  const text = z.string({ error: message }).regex(/^\d+$/, message);
  return (isStringOnly ? text : z.union([text, z.number().int(message)], { error: message }))
    .transform((v) => BigInt(v))
    .refine((v) => v >= min && v <= max, message);
}

/** An amount of chips a client or admin sends: 1 to 1,000,000,000. */
export const chipsAmount = chipsWithin(1n, MAX_INPUT_CHIPS, chipsMessage);

/** An amount that may be 0 for "none" (a tournament's rebuy price or guarantee): 0 to 1,000,000,000. */
export const chipsAmountOrZero = chipsWithin(0n, MAX_INPUT_CHIPS, `must be a whole number of chips from 0 to ${MAX_INPUT_CHIPS}`);

/** The same bounds for calls whose contract always took a decimal string only (tournaments). */
export const chipsAmountText = chipsWithin(1n, MAX_INPUT_CHIPS, chipsMessage, true);
export const chipsAmountOrZeroText = chipsWithin(0n, MAX_INPUT_CHIPS, `must be a whole number of chips from 0 to ${MAX_INPUT_CHIPS}`, true);

/** A narrower amount (a bet within the table limits); still never past `MAX_INPUT_CHIPS`. */
export function chipsAmountBetween(min: bigint, max: bigint) {
  return chipsWithin(
    min,
    max < MAX_INPUT_CHIPS ? max : MAX_INPUT_CHIPS,
    `must be a whole number of chips from ${min} to ${max < MAX_INPUT_CHIPS ? max : MAX_INPUT_CHIPS}`,
  );
}

const signedMessage = `must be a signed whole number of chips, 1 to ${MAX_INPUT_CHIPS} either way`;
/**
 * An admin's adjustment: a credit (+) or a debit (-) of 1 to 1,000,000,000 chips, as a decimal
 * string only (`"+5"`, `"-5"`, `"5"`): the admin form always sent strings, and a sign is explicit.
 */
export const signedChipsAmount = z
  .string({ error: signedMessage })
  .regex(/^[+-]?\d+$/, signedMessage)
  .transform((v) => BigInt(v))
  .refine((v) => v !== 0n && v >= -MAX_INPUT_CHIPS && v <= MAX_INPUT_CHIPS, signedMessage);

const idMessage = 'must be a positive whole number in digits (1 to 16 of them, no sign, no leading zero)';
/**
 * An id in a path or a query: digits only, so `0x1`, `+1`, ` 1`, `1e2` and `1\n` are refused rather
 * than read as 1 or 100 by a number coercion. Past 2^53 it could not be held exactly: refused too.
 */
export const pathId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, idMessage)
  .transform(Number)
  .refine(Number.isSafeInteger, 'is too large');

/** A room's id in a path or a query (`rooms/{id}`), typed as a room's. */
export const roomPathId = pathId.transform(asRoomId);

/** A user's id in a path or a query (`friends/{id}`), typed as a user's. */
export const userPathId = pathId.transform(asUserId);

/** An id of a table keyed by a 32-bit integer (tournaments, products, assets): past it nothing exists. */
export const smallPathId = pathId.refine((v) => v <= 2_147_483_647, 'is too large');

/** A whole number in a query string (`?round=2`), `min`..`max`, in digits only. */
export function queryNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^[1-9][0-9]{0,15}$|^0$/, 'must be a whole number in digits')
    .transform(Number)
    .refine((v) => v >= min && v <= max, `must be from ${min} to ${max}`);
}

/** `?page&limit` of every list: digits only, `limit` at most 100. */
export const pageQuery = z.object({
  page: queryNumber(1, 1_000_000_000).default(1),
  limit: queryNumber(1, 100).default(50),
});

const dateMessage = 'must be an ISO 8601 date and time with a zone (2026-01-31T12:00:00Z), years 2000 to 2100';
/** A date a client or admin sends: ISO 8601 with a zone, years 2000 to 2100 (year 0 broke `new Date` math and the database). */
export const isoDate = z.iso.datetime({ offset: true, message: dateMessage }).refine((v) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 2000 && year <= 2100;
}, dateMessage);

/** JSON bodies nest at most this deep: deeper is 400 `request/too_deep` before anything walks them. */
export const MAX_JSON_DEPTH = 32;

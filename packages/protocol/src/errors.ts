import type { EngineErrorCode } from '@durak/engine';
import { z } from 'zod';

/**
 * Every stable error code of the HTTP API and its HTTP status: the one table (DESIGN.md §9).
 * Codes are namespaced `area/what`; clients switch on the code, never on the message.
 */
export const errorStatus = {
  'request/invalid': 400,
  /** A JSON body nested deeper than `MAX_JSON_DEPTH` (32) levels. */
  'request/too_deep': 400,
  /** The request's headers are over 16 KB (answered by Node's parser, before any route). */
  'request/header_too_large': 431,
  /** The client did not send a whole request in time (answered by Node's parser). */
  'request/timeout': 408,
  'request/not_found': 404,
  'request/body_too_large': 413,
  'request/unsupported_media_type': 415,
  'request/rate_limited': 429,
  'auth/invalid_credentials': 401,
  'auth/token_missing': 401,
  'auth/token_expired': 401,
  'auth/token_invalid': 401,
  'auth/refresh_invalid': 401,
  /** The access token is older than the user's token version: a role change, ban, password change or sign-out everywhere. */
  'auth/token_revoked': 401,
  /** `details.until`: when the ban ends, null while it lasts until lifted. */
  'auth/banned': 403,
  'auth/wrong_password': 403,
  'auth/telegram_invalid': 401,
  'auth/telegram_expired': 401,
  'auth/telegram_unavailable': 503,
  'auth/forbidden': 403,
  'user/not_found': 404,
  'user/username_taken': 409,
  'avatar/not_an_image': 400,
  'avatar/too_large': 413,
  'wallet/not_found': 404,
  'wallet/insufficient_funds': 409,
  'wallet/idempotency_key_reused': 409,
  'room/not_found': 404,
  'room/full': 409,
  'room/wrong_password': 403,
  'room/password_required': 403,
  'room/already_seated': 409,
  'room/not_seated': 409,
  'room/seat_taken': 409,
  'room/not_started': 409,
  'room/already_started': 409,
  'room/finished': 409,
  'room/not_finished': 409,
  /** The creator already plays a practice game: `details.room_id` is its table. */
  'room/practice_running': 409,
  'room/not_a_player': 403,
  'room/no_rematch': 409,
  /** Only a friend may be invited to a table. */
  'room/not_a_friend': 403,
  'rule/stale_seq': 409,
  /** Nobody can befriend themself. */
  'friend/self': 400,
  'friend/already_friends': 409,
  /** Accept or decline without an ask from that person. */
  'friend/no_request': 404,
  'friend/not_friends': 404,
  'tournament/not_found': 404,
  'tournament/already_registered': 409,
  'tournament/full': 409,
  'tournament/not_open': 409,
  'tournament/not_registered': 409,
  'tournament/not_eliminated': 409,
  'tournament/rebuy_closed': 409,
  'tournament/not_running': 409,
  'tournament/not_paused': 409,
  'tournament/over': 409,
  'emoji/not_found': 404,
  'emoji/not_allowed': 409,
  /** Only the players seated at a table write in its chat; spectators read it. */
  'chat/spectator_read_only': 403,
  /** The reported user neither sits at that table nor wrote in its chat. */
  'report/not_at_table': 409,
  'report/own_user': 409,
  'report/already_reported': 409,
  'bandit/idempotency_key_reused': 409,
  'banner/not_found': 404,
  'banner/not_an_image': 400,
  'banner/too_large': 413,
  'admin/idempotency_key_reused': 409,
  'admin/own_admin_role': 409,
  'admin/own_ban': 409,
  'agent/not_found': 404,
  'asset/not_found': 404,
  'asset/already_owned': 409,
  'asset/not_owned': 409,
  'product/not_found': 404,
  'payment/provider_not_found': 404,
  'payment/deposit_not_found': 404,
  'payment/key_reused': 409,
  'payment/provider_failed': 502,
  'payment/webhook_forbidden': 401,
  'reward/already_claimed': 409,
  'promo/not_found': 404,
  'promo/expired': 410,
  'promo/used_up': 409,
  'promo/already_used': 409,
  'promo/code_taken': 409,
  // Arena tournaments (FEATURES.md §15)
  /** `join`/`pause` of a tournament that is not an arena. */
  'tournament/not_arena': 409,
  // Responsible play (FEATURES.md §13) and fair play's freeze (§12), refused by one stake guard.
  /** A fair-play case froze the account: it signs in and reads, but stakes nothing. */
  'account/frozen': 403,
  /** `details: {limit, used, resets_at, period}` */
  'limits/deposit_exceeded': 403,
  /** `details: {limit, used, resets_at, period}` */
  'limits/loss_exceeded': 403,
  'limits/session_exceeded': 403,
  /** `details.until`: when the break ends. */
  'limits/timeout': 403,
  /** `details.until`: when the self-exclusion ends. */
  'limits/self_excluded': 403,
  'limits/underage': 403,
  'limits/age_unconfirmed': 403,
  /** `details.retry_at`: one spin at least BANDIT_MIN_SPIN_MS (2.5 s) after the previous one. */
  'bandit/too_fast': 429,
  'internal/error': 500,
  /** The database (or its connection) failed under the request: nothing was written, retry later. */
  'server/unavailable': 503,
  // Fair play (FEATURES.md §12, issue 42).
  /** Two accounts linked by a device id or a Telegram user cannot sit at one bet table. */
  'room/linked_accounts': 409,
  /** `autoplay {on: true}` where chips or a prize are at stake (practice rooms keep it). */
  'room/autoplay_not_allowed': 409,
  'integrity/case_not_found': 404,
  /** A case is confirmed by a different admin from the one who froze it. */
  'integrity/second_reviewer': 409,
  /** The action does not fit the case's status (`details.status`). */
  'integrity/wrong_status': 409,
  // FEATURES.md §17 (what a newcomer and an attacker still find):
  /** A chat text with bidi overrides, tag characters, over 3 combining marks on a letter, or nothing visible. */
  'chat/invalid_text': 400,
  /** The reporter neither sat at that table nor watched it while it ran. */
  'report/not_present': 403,
  /** More than 24 hours after the table's game ended. */
  'report/too_late': 409,
  'report/not_found': 404,
  /** The recipient already has 20 pending friend requests. */
  'friend/too_many_requests': 429,
} as const;

export type KnownErrorCode = keyof typeof errorStatus;
/** The engine's own rule codes (`rule/...`): an action the rules refuse. */
export type RuleErrorCode = Extract<EngineErrorCode, `rule/${string}`>;
export type ErrorCode = KnownErrorCode | RuleErrorCode;

export const errorCodes = Object.keys(errorStatus) as KnownErrorCode[];

/** Whether an engine code is a rule code (the engine's option and deal codes never reach a player). */
export function isRuleErrorCode(code: EngineErrorCode): code is RuleErrorCode {
  return code.startsWith('rule/');
}

/** The HTTP status of a code: the table above; any `rule/*` is 422 (a legal request the rules refuse). */
export function httpStatusOf(code: ErrorCode): number {
  if (code in errorStatus) return errorStatus[code as KnownErrorCode];
  if (code.startsWith('rule/')) return 422;
  return 500;
}

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** An expected failure as a value: what services return and routes map to `errorBody`. */
export interface Failure<C extends ErrorCode = ErrorCode> {
  readonly code: C;
  readonly message: string;
  readonly details?: Record<string, unknown>;
}

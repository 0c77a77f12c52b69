import { createHmac, timingSafeEqual } from 'node:crypto';
import { failure, ok, type Result } from '../shared/result.js';
import { findNulCharacter } from '../store/nul-characters.js';

export interface TelegramUser {
  readonly id: bigint;
  readonly username: string | undefined;
  readonly firstName: string | undefined;
  readonly languageCode: string | undefined;
  readonly photoUrl: string | undefined;
}

export interface InitData {
  readonly user: TelegramUser;
  readonly authDate: Date;
  readonly startParam: string | undefined;
}

export type InitDataResult = Result<InitData, 'auth/telegram_invalid' | 'auth/telegram_expired' | 'request/invalid'>;

const maxAgeMs = 24 * 60 * 60 * 1000;

const invalid = (message: string): InitDataResult => failure('auth/telegram_invalid', message);

/** The data-check-string of DESIGN.md §11: every field but `hash`, sorted by key, `k=v` joined by \n. */
export function dataCheckString(fields: URLSearchParams): string {
  return [...fields.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

function signature(fields: URLSearchParams, botToken: string): Buffer {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest();
}

/**
 * Validates a Mini App's init data against our bot token: the HMAC must match (compared in
 * constant time) and `auth_date` must be at most 24 hours old.
 */
export function validateInitData(initData: string, botToken: string, now: Date = new Date()): InitDataResult {
  const fields = new URLSearchParams(initData);
  const hash = fields.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) return invalid('Init data carries no valid hash');
  const expected = signature(fields, botToken);
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return invalid('Init data signature does not match');

  const authSeconds = Number(fields.get('auth_date'));
  if (!Number.isSafeInteger(authSeconds) || authSeconds <= 0) return invalid('Init data has no auth_date');
  const authDate = new Date(authSeconds * 1000);
  if (now.getTime() - authDate.getTime() > maxAgeMs) {
    return failure('auth/telegram_expired', 'Init data is older than 24 hours');
  }

  // Signed, yet still input: a NUL character would reach PostgreSQL's text columns as a 500.
  const withNul = nulField(fields);
  if (withNul !== undefined) {
    const field = `init_data.${withNul}`;
    const message = 'contains a NUL character, which is not allowed in text';
    return failure('request/invalid', `${field}: ${message}`, { field, in: 'body', issues: [{ field, message }] });
  }
  const user = parseUser(fields.get('user'));
  if (!user) return invalid('Init data has no user');
  return ok({ user, authDate, startParam: fields.get('start_param') ?? undefined });
}

/** Where a NUL character is among the fields, looking inside the user's JSON too (`user.photo_url`). */
function nulField(fields: URLSearchParams): string | undefined {
  for (const [key, value] of fields) {
    if (key === 'user') {
      let user: unknown;
      try {
        user = JSON.parse(value);
      } catch {
        user = value; // not JSON: parseUser refuses it below
      }
      const found = findNulCharacter(user);
      if (found !== undefined) return found === '' ? 'user' : `user.${found}`;
    } else if (findNulCharacter(value) !== undefined || findNulCharacter(key) !== undefined) {
      return key;
    }
  }
  return undefined;
}

function parseUser(json: string | null): TelegramUser | undefined {
  if (!json) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const user = raw as Record<string, unknown>;
  if (typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0) return undefined;
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  return {
    id: BigInt(user.id),
    username: text(user.username),
    firstName: text(user.first_name),
    languageCode: text(user.language_code),
    photoUrl: text(user.photo_url),
  };
}

/**
 * The signed start_param as key/value pairs: split on '-' into pairs, each pair's key and value
 * split on '=' or '_' (Telegram allows only A-Za-z0-9_-, so `pr_123` is what arrives).
 */
export function parseStartParam(startParam: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (startParam ?? '').split('-')) {
    const match = /^([^=_]+)[=_](.*)$/.exec(part);
    if (match?.[1] && match[2] !== undefined && !pairs.has(match[1])) pairs.set(match[1], match[2]);
  }
  return pairs;
}

/** The referrer's user id from start_param `pr`, when it is a positive integer. */
export function parentFromStartParam(startParam: string | undefined): number | undefined {
  const value = parseStartParam(startParam).get('pr');
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** Builds signed init data the way Telegram does: for tests and local tools, never for requests. */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  params.delete('hash');
  params.set('hash', signature(params, botToken).toString('hex'));
  return params.toString();
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Role } from '@durak/protocol';
import { errors, jwtVerify, SignJWT } from 'jose';

export type AccessTokenCheck =
  /** `expiresAt`: the token's `exp`, seconds since the epoch (a realtime connection lives as long). */
  | { readonly ok: true; readonly userId: number; readonly roles: readonly Role[]; readonly expiresAt: number }
  /** `revoked`: signed by us and unexpired, but older than the user's `token_version` (or the user is gone). */
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' | 'revoked' };

/** The user's current `token_version`, read per check (undefined: no such user). */
export type TokenVersionOf = (userId: number) => Promise<number | undefined>;

export interface TokenService {
  /** A JWT (HS256) with `sub` = the user id as a string, the `roles` claim and `tv`, the user's token version. */
  signAccessToken(userId: number, roles: readonly Role[], tokenVersion?: number): Promise<string>;
  /** Checks an access token; the HTTP API and the realtime gateway both use exactly this. */
  verifyAccessToken(token: string): Promise<AccessTokenCheck>;
}

const knownRoles = new Set<string>(['player', 'agent', 'admin']);

/** Tokens whose signature was already checked, kept until they expire (at most this many). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * `versionOf` makes revocation hold on the next request on every node (FEATURES.md §8): a token
 * whose `tv` is below the user's `token_version` is refused however valid its signature. Without
 * it (tools that only sign) versions are not checked.
 */
export function createTokenService(
  secret: string,
  lifetimeSeconds: number,
  now: () => Date = () => new Date(),
  versionOf?: TokenVersionOf,
): TokenService {
  const key = new TextEncoder().encode(secret);
  // Given raw bytes, jose imports an HMAC key on every call; every request and socket verifies a
  // token, so the key is imported once and reused (usages cover both sign and verify).
  const hmacKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // Surfaces on use (sign or verify), not as an unhandled rejection at start.
  hmacKey.catch(() => {});
  const verified = new Map<string, Extract<AccessTokenCheck, { ok: true }> & { readonly tokenVersion: number }>();
  return {
    async signAccessToken(userId, roles, tokenVersion = 0) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ roles: [...roles], tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(await hmacKey);
    },
    async verifyAccessToken(token) {
      const signed = await verifySignature(token);
      if (!signed.ok || versionOf === undefined) return signed;
      // Read every time, not cached: the row is one primary-key lookup, and any cache would let a
      // demoted admin's next request on another node through until it expired (docs/decisions.md).
      const current = await versionOf(signed.userId);
      if (current === undefined || signed.tokenVersion < current) return { ok: false, reason: 'revoked' };
      return signed;
    },
  };

  type Signed = (Extract<AccessTokenCheck, { ok: true }> & { readonly tokenVersion: number }) | Extract<AccessTokenCheck, { ok: false }>;

  async function verifySignature(token: string): Promise<Signed> {
    // Every request and socket checks the caller's token, and a player sends the same token for
    // 15 minutes: the HMAC of a token already proven is not computed again. A signed token never
    // changes, so only its expiry has to be looked at each time.
    const cached = verified.get(token);
    if (cached !== undefined) {
      if (now().getTime() < cached.expiresAt * 1000) return cached;
      verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, await hmacKey, { algorithms: ['HS256'], currentDate: now() });
      const userId = Number(payload.sub);
      const roles = payload.roles;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
      if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string' && knownRoles.has(r))) {
        return { ok: false, reason: 'invalid' };
      }
      // Tokens signed before token versions existed carry no `tv`: version 0, the column's default.
      const tokenVersion = payload.tv === undefined ? 0 : payload.tv;
      if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion)) return { ok: false, reason: 'invalid' };
      const check = { ok: true, userId, roles: roles as Role[], expiresAt: payload.exp, tokenVersion } as const;
      // The oldest entry goes first (a Map keeps insertion order).
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, check);
      return check;
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** The configured secret, or one generated on first start and kept in the data directory. */
export function loadOrCreateSecret(configured: string | undefined, file: string): string {
  if (configured) return configured;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

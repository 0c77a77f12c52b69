import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Role } from '@durak/protocol';
import { errors, jwtVerify, SignJWT } from 'jose';

export type AccessTokenCheck =
  /** `expiresAt`: the token's `exp`, seconds since the epoch (a realtime connection lives as long). */
  | { readonly ok: true; readonly userId: number; readonly roles: readonly Role[]; readonly expiresAt: number }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

export interface TokenService {
  /** A JWT (HS256) with `sub` = the user id as a string and the `roles` claim. */
  signAccessToken(userId: number, roles: readonly Role[]): Promise<string>;
  /** Checks an access token; the HTTP API and the realtime gateway both use exactly this. */
  verifyAccessToken(token: string): Promise<AccessTokenCheck>;
}

const knownRoles = new Set<string>(['player', 'agent', 'admin']);

/** Tokens whose signature was already checked, kept until they expire (at most this many). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string, lifetimeSeconds: number, now: () => Date = () => new Date()): TokenService {
  const key = new TextEncoder().encode(secret);
  // Given raw bytes, jose imports an HMAC key on every call; every request and socket verifies a
  // token, so the key is imported once and reused (usages cover both sign and verify).
  const hmacKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // Surfaces on use (sign or verify), not as an unhandled rejection at start.
  hmacKey.catch(() => {});
  const verified = new Map<string, Extract<AccessTokenCheck, { ok: true }>>();
  return {
    async signAccessToken(userId, roles) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ roles: [...roles] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(await hmacKey);
    },
    async verifyAccessToken(token) {
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
        const check = { ok: true, userId, roles: roles as Role[], expiresAt: payload.exp } as const;
        // The oldest entry goes first (a Map keeps insertion order).
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, check);
        return check;
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
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

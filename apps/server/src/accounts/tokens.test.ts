import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.js';

const secret = 'a-secret-of-at-least-thirty-two-characters';

function clock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

describe('access tokens', () => {
  it('a checked token is accepted again until its expiry, and refused the moment it passes', async () => {
    const time = clock();
    const tokens = createTokenService(secret, 900, time.now);
    const token = await tokens.signAccessToken(7, ['player']);
    const first = await tokens.verifyAccessToken(token);
    expect(first).toEqual({
      ok: true,
      userId: 7,
      roles: ['player'],
      expiresAt: Math.floor(time.now().getTime() / 1000) + 900,
      tokenVersion: 0,
    });
    time.advance(899_000);
    expect(await tokens.verifyAccessToken(token)).toEqual(first);
    time.advance(1_000);
    expect(await tokens.verifyAccessToken(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verifyAccessToken(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a token older than the user’s token version is revoked on its next check, however often it was seen', async () => {
    const time = clock();
    const versions = new Map([[7, 0]]);
    const tokens = createTokenService(secret, 900, time.now, async (userId) => versions.get(userId));
    const old = await tokens.signAccessToken(7, ['player', 'admin'], 0);
    expect((await tokens.verifyAccessToken(old)).ok).toBe(true);
    versions.set(7, 1);
    expect(await tokens.verifyAccessToken(old)).toEqual({ ok: false, reason: 'revoked' });
    expect((await tokens.verifyAccessToken(await tokens.signAccessToken(7, ['player'], 1))).ok).toBe(true);
    // A token for a user who no longer exists is refused too.
    expect(await tokens.verifyAccessToken(await tokens.signAccessToken(8, ['player'], 0))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('a token signed with another secret or altered is invalid, also after a good one was seen', async () => {
    const time = clock();
    const tokens = createTokenService(secret, 900, time.now);
    const other = createTokenService('another-secret-of-thirty-two-characters!', 900, time.now);
    const good = await tokens.signAccessToken(7, ['player']);
    await tokens.verifyAccessToken(good);
    expect(await tokens.verifyAccessToken(await other.signAccessToken(7, ['player']))).toEqual({ ok: false, reason: 'invalid' });
    const [header, , signature] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '1', roles: ['admin'], exp: 9e9 })).toString('base64url')}.${signature}`;
    expect(await tokens.verifyAccessToken(forged)).toEqual({ ok: false, reason: 'invalid' });
  });
});

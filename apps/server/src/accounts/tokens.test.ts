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
    expect(first).toEqual({ ok: true, userId: 7, roles: ['player'], expiresAt: Math.floor(time.now().getTime() / 1000) + 900 });
    time.advance(899_000);
    expect(await tokens.verifyAccessToken(token)).toEqual(first);
    time.advance(1_000);
    expect(await tokens.verifyAccessToken(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verifyAccessToken(token)).toEqual({ ok: false, reason: 'expired' });
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

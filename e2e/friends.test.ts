import type { Browser } from 'playwright-core';
import { DEFAULT_OPTIONS } from '@durak/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, registerByApi, signInContext, uniqueName } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The referral loop through the real app: an invite link copied on /friends, a friend registering
// through it, the friend's first five games, the bonus on both sides and each on the other's /friends.
let server: RunningServer;
let browser: Browser;
const PASSWORD = 'correct-horse-1';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as T };
}

const bonusOf = async (token: string) => {
  const me = await api<{ wallets: { wallet_type: string; balance: string }[] }>(token, '/user/users/me');
  return BigInt(me.body.wallets.find((w) => w.wallet_type === 'BONUS_BALANCE')?.balance ?? '0');
};
// The home page groups thousands with a narrow space.
const shown = (amount: bigint) => amount.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

describe('inviting a friend', () => {
  it(
    'the invite link brings a friend in; after five games against three opponents both have the bonus and see each other',
    { timeout: 180_000 },
    async () => {
      const inviterName = uniqueName('inv');
      const inviterTokens = await registerByApi(server.baseUrl, inviterName, PASSWORD);
      const inviter = await newPage(browser, server.baseUrl, PHONE);
      await inviter.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await signInContext(inviter.context, server.baseUrl, inviterTokens);
      await inviter.page.goto('/friends');
      await inviter.page.getByTestId('friends-empty').waitFor();
      await inviter.page.getByTestId('copy-invite').click();
      await inviter.page.getByTestId('copy-status').waitFor();
      const link = await inviter.page.evaluate(() => navigator.clipboard.readText());
      const me = await api<{ id: number }>(inviterTokens.access_token, '/user/users/me');
      expect(link).toBe(`${server.baseUrl}/auth/registration?pr=${me.body.id}`);
      const inviterBefore = await bonusOf(inviterTokens.access_token);

      // The friend opens the link in their own browser and registers.
      const friendName = uniqueName('fr');
      const friend = await newPage(browser, server.baseUrl, DESKTOP);
      await friend.page.goto(link);
      await friend.page.locator('input[name="username"]').fill(friendName);
      await friend.page.locator('input[name="password"]').fill(PASSWORD);
      await friend.page.locator('input[name="repeat"]').fill(PASSWORD);
      await friend.page.locator('form button[type="submit"]').click();
      await friend.page.getByTestId('quick-play').waitFor();
      const friendToken = (await cookieValue(friend.context, 'accessToken'))!;
      const friendBefore = await bonusOf(friendToken);

      // The friend plays five games through the API against three different opponents (the
      // referral bonus waits for that, FEATURES.md §12): each opponent joins, both ready, the
      // opponent surrenders. After the first game nothing is paid yet.
      const opponents = [
        await registerByApi(server.baseUrl, uniqueName('op'), PASSWORD),
        await registerByApi(server.baseUrl, uniqueName('op'), PASSWORD),
        await registerByApi(server.baseUrl, uniqueName('op'), PASSWORD),
      ];
      for (let game = 0; game < 5; game++) {
        const opponent = opponents[game % opponents.length]!;
        const room = await api<{ id: number }>(friendToken, '/v1/rooms/', {
          method: 'POST',
          body: JSON.stringify({ ...DEFAULT_OPTIONS, bet_amount: '100', balance_type: 'BONUS_BALANCE' }),
        });
        expect(room.status).toBe(201);
        expect((await api(opponent.access_token, `/v1/rooms/${room.body.id}/seat`, { method: 'POST', body: '{}' })).status).toBe(200);
        for (const token of [friendToken, opponent.access_token])
          expect((await api(token, `/v1/rooms/${room.body.id}/ready`, { method: 'POST' })).status).toBe(200);
        await expect
          .poll(async () => (await api<{ status: string }>(friendToken, `/v1/rooms/${room.body.id}`)).body.status)
          .toBe('in_progress');
        expect((await api(opponent.access_token, `/v1/rooms/${room.body.id}/surrender`, { method: 'POST', body: '{}' })).status).toBe(200);
        await expect.poll(async () => (await api<{ items: unknown[] }>(friendToken, '/v1/player/games')).body.items.length).toBe(game + 1);
        if (game === 0) expect(await bonusOf(inviterTokens.access_token)).toBe(inviterBefore);
      }

      // Both see the bonus on their home page (pushed as wallet_changed, no reload).
      await expect.poll(() => bonusOf(inviterTokens.access_token)).toBe(inviterBefore + 1000n);
      await inviter.page.goto('/');
      await expect.poll(() => inviter.page.getByTestId('home-balance-BONUS_BALANCE').textContent()).toContain(shown(inviterBefore + 1000n));
      const games = await api<{ items: { amount: string }[] }>(friendToken, '/v1/player/games');
      const friendAfter = friendBefore + 1000n + games.body.items.reduce((sum, g) => sum + BigInt(g.amount), 0n);
      await expect.poll(() => bonusOf(friendToken)).toBe(friendAfter);
      await expect.poll(() => friend.page.getByTestId('home-balance-BONUS_BALANCE').textContent()).toContain(shown(friendAfter));

      // And each other on /friends: the inviter's list has the friend with five games, the friend sees the inviter.
      await inviter.page.goto('/friends');
      const line = inviter.page.getByTestId('friend');
      await expect.poll(() => line.textContent()).toContain(friendName);
      expect(await line.getByTestId('friend-games').textContent()).toMatch(/5/);
      await friend.page.goto('/friends');
      await expect.poll(() => friend.page.getByTestId('inviter').textContent()).toContain(inviterName);

      // The four pages at both sizes, as the friend (five games played) sees them.
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await friend.page.setViewportSize(viewport);
        for (const [name, path, ready] of [
          ['home', '/', 'home-balance-BALANCE'],
          ['menu', '/menu', 'menu-about'],
          ['career', '/career', 'games-list'],
          ['friends', '/friends', 'invite-link'],
        ] as const) {
          await friend.page.goto(path);
          await friend.page.getByTestId(ready).waitFor();
          await screenshot(friend.page, `player-${name}-${size}`);
        }
      }
      expectScreenshots('player-home-phone', 'player-career-desktop', 'player-friends-phone', 'player-menu-desktop');
      expect([...inviter.errors, ...friend.errors]).toEqual([]);
      await inviter.context.close();
      await friend.context.close();
    },
  );
});

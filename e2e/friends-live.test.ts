import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName } from './support/accounts';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// FEATURES.md §11 through the real app: the online count, a friend asked from a seat's menu at the
// table, the ask accepted on /friends, and each friend online on the other's page.
let server: RunningServer;
let browser: Browser;
const PASSWORD = 'correct-horse-1';
const SHOTS = '/tmp/shots-friends';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(token: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** The number the online count shows ("Онлайн: 2" in the test browsers' Russian). */
const onlineShown = async (page: Page) => Number(/\d+/.exec((await page.getByTestId('online-now').textContent()) ?? '')?.[0] ?? NaN);

const shot = async (page: Page, name: string, { isSettled = true } = {}) => {
  // Lobby cards fade in: the picture waits for the page's animations to end, not for a fixed time.
  // At the table the seats' ready timers animate for their whole 30 s, so it does not wait there.
  if (isSettled)
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    );
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await screenshot(page, `friends-live-${name}`);
};

describe('a living table: presence and friends', () => {
  it(
    'shows who is online; a friend asked at the table accepts on /friends and both see each other online',
    { timeout: 180_000 },
    async () => {
      const [annName, bobName] = [uniqueName('ann'), uniqueName('bob')];
      const annTokens = await registerByApi(server.baseUrl, annName, PASSWORD);
      const bobTokens = await registerByApi(server.baseUrl, bobName, PASSWORD);

      // Bob is on the home page: he alone is online.
      const bob = await newPage(browser, server.baseUrl, PHONE);
      await signInContext(bob.context, server.baseUrl, bobTokens);
      await bob.page.goto('/');
      await bob.page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
      await bob.page.getByTestId('online-count').waitFor();
      expect(await onlineShown(bob.page)).toBe(1);

      // Ann sits at a table and bob joins it; ann opens the table.
      const room = await api<{ id: number }>(annTokens.access_token, '/v1/rooms/', {
        bet_amount: '100',
        player_count: 3,
        deck_size: 36,
        balance_type: 'BONUS_BALANCE',
      });
      expect(room.status).toBe(201);
      expect((await api(bobTokens.access_token, `/v1/rooms/${room.body.id}/seat`, {})).status).toBe(200);
      const ann = await newPage(browser, server.baseUrl, DESKTOP);
      await signInContext(ann.context, server.baseUrl, annTokens);

      // The lobby shows the table with both players' faces, and two people online.
      await ann.page.goto('/games');
      const card = ann.page.locator(`[data-room-id="${room.body.id}"]`);
      await card.waitFor();
      expect(await card.getByTestId('seat-avatar').evaluateAll((seats) => seats.map((s) => s.getAttribute('title')))).toEqual([
        annName,
        bobName,
      ]);
      await ann.page.waitForFunction(
        () => /\b2\b/.test(document.querySelector('[data-testid="online-now"]')?.textContent ?? ''),
        undefined,
        { timeout: 30_000 },
      );
      await shot(ann.page, 'lobby-desktop');

      await ann.page.goto(`/durak/${room.body.id}`);
      // Bob's seat's menu: "add friend".
      await ann.page.locator('main button.seat-avatar').first().click();
      await ann.page.getByTestId('add-friend').click();
      await ann.page.getByTestId('add-friend-note').waitFor();
      await shot(ann.page, 'seat-menu-desktop', { isSettled: false });

      // Bob hears of it wherever he is, and answers on /friends.
      await bob.page.getByTestId('toast-friend_request').waitFor();
      expect(await bob.page.getByTestId('toast-friend_request').textContent()).toContain(annName);
      await bob.page.getByTestId('toast-view').click();
      await bob.page.getByTestId('friend-request').waitFor();
      await shot(bob.page, 'friends-request-phone');
      await bob.page.getByTestId('accept-friend').click();
      const annRow = bob.page.getByTestId('my-friend');
      await annRow.waitFor();
      expect(await annRow.textContent()).toContain(annName);
      // Ann is online (her table is open) and sits at a table bob may join or watch.
      await annRow.getByTestId('online').waitFor();
      await annRow.getByTestId('friend-table').waitFor();
      expect(await bob.page.getByTestId('friend-request').count()).toBe(0);
      await shot(bob.page, 'friends-phone');

      // Ann's /friends shows bob, online.
      await ann.page.goto('/friends');
      const bobRow = ann.page.getByTestId('my-friend');
      await bobRow.getByTestId('online').waitFor();
      expect(await bobRow.textContent()).toContain(bobName);
      await shot(ann.page, 'friends-desktop');

      // And the lobby and home at the other sizes, for the record.
      await bob.page.goto('/games');
      await bob.page.getByTestId('online-count').waitFor();
      await bob.page.locator(`[data-room-id="${room.body.id}"]`).waitFor();
      await shot(bob.page, 'lobby-phone');
      await bob.page.goto('/');
      await bob.page.getByTestId('online-count').waitFor();
      await shot(bob.page, 'home-phone');
      expect(ann.errors).toEqual([]);
      expect(bob.errors).toEqual([]);
    },
  );

  it(
    'a friend invited from a waiting private table gets a toast and sits there with "join", no password asked',
    { timeout: 180_000 },
    async () => {
      const [annName, bobName] = [uniqueName('host'), uniqueName('guest')];
      const annTokens = await registerByApi(server.baseUrl, annName, PASSWORD);
      const bobTokens = await registerByApi(server.baseUrl, bobName, PASSWORD);
      const bobId = (await api<{ id: number }>(bobTokens.access_token, '/user/users/me')).body.id;
      const annId = (await api<{ id: number }>(annTokens.access_token, '/user/users/me')).body.id;
      expect((await api(annTokens.access_token, `/user/friends/${bobId}`, {})).status).toBe(200);
      expect((await api(bobTokens.access_token, `/user/friends/${annId}/accept`, {})).status).toBe(200);
      const room = await api<{ id: number }>(annTokens.access_token, '/v1/rooms/', {
        bet_amount: '100',
        player_count: 2,
        deck_size: 36,
        balance_type: 'BONUS_BALANCE',
        password: 'only-friends',
      });
      expect(room.status).toBe(201);

      const bob = await newPage(browser, server.baseUrl, PHONE);
      await signInContext(bob.context, server.baseUrl, bobTokens);
      await bob.page.goto('/store');
      await bob.page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

      const ann = await newPage(browser, server.baseUrl, PHONE);
      await signInContext(ann.context, server.baseUrl, annTokens);
      await ann.page.goto(`/durak/${room.body.id}`);
      await ann.page.getByTestId('invite-friends').click();
      const line = ann.page.getByTestId('invite-list').locator('li', { hasText: bobName });
      await line.waitFor();
      await shot(ann.page, 'table-invite-phone', { isSettled: false });
      await line.getByTestId('invite-friend').click();
      await ann.page.waitForFunction(() => document.querySelector('[data-testid="invite-friend"]')?.hasAttribute('disabled') === true);

      const toast = bob.page.getByTestId('toast-room_invite');
      await toast.waitFor();
      expect(await toast.textContent()).toContain(annName);
      await shot(bob.page, 'invite-toast-phone');
      await bob.page.getByTestId('toast-join').click();
      await bob.page.waitForURL(`**/durak/${room.body.id}`);
      // Bob sits at the private table: the server's room shows both seats taken.
      const seated = await api<{ seats: { user_id: number }[] }>(annTokens.access_token, `/v1/rooms/${room.body.id}`);
      expect(seated.body.seats.map((s) => s.user_id).sort()).toEqual([annId, bobId].sort());
      expect(ann.errors).toEqual([]);
      expect(bob.errors).toEqual([]);
    },
  );
});

import { mkdirSync } from 'node:fs';
import { DEFAULT_OPTIONS } from '@durak/engine';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInContext, uniqueName, type Tokens } from './support/accounts';
import { DESKTOP, PHONE, expectScreenshots, launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Table chat (FEATURES.md §11) between two real pages: a phone and a desktop at one running game.
let server: RunningServer;
let browser: Browser;
const SHOTS = '/tmp/shots-chat';
const ADMIN = { username: 'chat_admin', password: 'admin-password-1' };

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(tokens: Tokens, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/** FEATURES.md §17: the open chat never covers the player's own hand (nor, on a desktop, the felt's cards). */
async function expectHandInSight(page: Page, name: string): Promise<void> {
  const sheet = (await page.getByTestId('chat-panel').boundingBox())!;
  const hand = (await page.getByTestId('hand').boundingBox())!;
  expect(hand.height, name).toBeGreaterThan(0);
  expect(overlap(sheet, hand), `${name}: the sheet covers the hand`).toBe(false);
  if (page.viewportSize()!.width >= 900) {
    const felt = (await page.locator('.felt-centre').boundingBox())!;
    expect(overlap(sheet, felt), `${name}: the sheet covers the table's cards`).toBe(false);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('table chat', () => {
  it(
    'a phrase sent from one page appears on the other, as a bubble and in the history; a muted player stays muted after a reload',
    { timeout: 300_000 },
    async () => {
      const [annName, bobName] = [uniqueName('ann'), uniqueName('bob')];
      const ann = await registerByApi(server.baseUrl, annName, 'correct-horse-1');
      const bob = await registerByApi(server.baseUrl, bobName, 'correct-horse-1');
      const room = await api<{ id: number }>(ann, '/v1/rooms/', { ...DEFAULT_OPTIONS, bet_amount: '100', balance_type: 'BONUS_BALANCE' });
      await api(bob, `/v1/rooms/${room.id}/seat`, {});
      await api(ann, `/v1/rooms/${room.id}/ready`, {});
      await api(bob, `/v1/rooms/${room.id}/ready`, {});

      const phone = await newPage(browser, server.baseUrl, PHONE);
      const desk = await newPage(browser, server.baseUrl, DESKTOP);
      await signInContext(phone.context, server.baseUrl, ann);
      await signInContext(desk.context, server.baseUrl, bob);
      for (const p of [phone.page, desk.page]) {
        await p.goto(`/durak/${room.id}`);
        await p.locator('[data-status="in_progress"]').waitFor();
        await p.getByTestId('hand').waitFor();
      }

      // Ann (phone) sends a quick phrase; Bob (desktop) sees it beside Ann's seat, in Russian.
      await phone.page.getByTestId('chat-open').click();
      await phone.page.getByTestId('chat-phrase-good_luck').waitFor();
      await expectHandInSight(phone.page, 'phone, open');
      await shoot(phone.page, 'chat-phone-panel-open');
      await phone.page.getByTestId('chat-phrase-good_luck').click();
      const bubble = desk.page.locator('[data-testid="chat-bubble"]');
      await bubble.waitFor();
      // Read while it shows (a few seconds), before the slower screenshot.
      const [bubbleText, bubbleOwner, box] = [
        await bubble.textContent(),
        await bubble.getAttribute('data-player-id'),
        (await bubble.boundingBox())!,
      ];
      await shoot(desk.page, 'chat-desktop-bubble');
      expect(bubbleText).toBe('Удачи!');
      const annId = (await api<{ id: number }>(ann, '/user/users/me')).id;
      expect(bubbleOwner).toBe(String(annId));
      expect(await desk.page.getByTestId('chat-unread').textContent()).toBe('1');
      // The bubble lies over none of the cards Bob must see.
      for (const selector of ['[data-testid="table-slots"]', '[data-testid="hand"]', '[data-testid="talon"]']) {
        const other = await desk.page.locator(selector).boundingBox();
        if (!other) continue;
        expect(overlap(box, other), selector).toBe(false);
      }

      // Bob answers in text; a swear word reaches Ann masked, in the panel she has open.
      await desk.page.getByTestId('chat-open').click();
      expect(await desk.page.getByTestId('chat-line').allTextContents()).toEqual([expect.stringContaining('Удачи!')]);
      await desk.page.getByTestId('chat-input').fill('спасибо, ну ты и пиздец');
      await desk.page.getByTestId('chat-send').click();
      await phone.page.getByTestId('chat-line').nth(1).waitFor();
      expect(await phone.page.getByTestId('chat-line').nth(1).textContent()).toContain('спасибо, ну ты и ******');
      await expectHandInSight(desk.page, 'desktop, open');
      await shoot(desk.page, 'chat-desktop-panel-open');
      await phone.page.getByTestId('chat-close').click();
      await desk.page.getByTestId('chat-input').fill('Хорошего вечера');
      await desk.page.getByTestId('chat-send').click();
      await phone.page.locator('[data-testid="chat-bubble"]').filter({ hasText: 'Хорошего вечера' }).waitFor();
      await shoot(phone.page, 'chat-phone-bubble');

      // Ann mutes Bob from his message, then reports him; after a reload he is still muted.
      await phone.page.getByTestId('chat-open').click();
      await phone.page.getByTestId('chat-more').first().click();
      await phone.page.getByTestId('chat-report-insults').click();
      await phone.page.getByRole('status').filter({ hasText: bobName }).waitFor();
      await phone.page.getByTestId('chat-mute').click();
      await phone.page.getByTestId('chat-line').first().waitFor();
      expect(await phone.page.getByTestId('chat-line').count()).toBe(1);
      await phone.page.reload();
      await phone.page.getByTestId('hand').waitFor();
      await phone.page.getByTestId('chat-open').click();
      await phone.page.getByTestId('chat-line').first().waitFor();
      expect(await phone.page.getByTestId('chat-line').allTextContents()).toEqual([expect.stringContaining('Удачи!')]);

      // Unmuted, Bob's lines come back; with a longer history neither sheet grows over the hand.
      await phone.page.getByTestId('chat-unmute').click();
      await phone.page.getByTestId('chat-line').nth(2).waitFor();
      for (let i = 0; i < 3; i++) {
        await api(ann, `/v1/rooms/${room.id}/chat`, { phrase_id: ['hurry_up', 'nice_move', 'again'][i] });
        await api(bob, `/v1/rooms/${room.id}/chat`, { text: `Строка номер ${i + 1}, чтобы история была длиннее` });
      }
      await phone.page.getByTestId('chat-line').nth(8).waitFor();
      await desk.page.getByTestId('chat-line').nth(8).waitFor();
      for (const [page, name] of [
        [phone.page, 'chat-phone-panel-long'],
        [desk.page, 'chat-desktop-panel-long'],
      ] as const) {
        await expectHandInSight(page, name);
        await shoot(page, name);
      }

      // The admin reads Ann's report with the table's messages, at both sizes.
      const login = await fetch(`${server.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const admin = (await login.json()) as Tokens;
      for (const [viewport, name] of [
        [DESKTOP, 'chat-admin-reports-desktop'],
        [PHONE, 'chat-admin-reports-phone'],
      ] as const) {
        const adminPage = await newPage(browser, server.baseUrl, viewport);
        await signInContext(adminPage.context, server.baseUrl, admin);
        await adminPage.page.goto('/admin/reports');
        const row = adminPage.page.locator('.admin-table tbody tr').filter({ hasText: bobName });
        await row.waitFor();
        expect(await row.textContent()).toContain(annName);
        await row.getByTestId('report-messages').locator('summary').click();
        const chatLines = await row.locator('.admin-report-chat li').allTextContents();
        expect(chatLines.some((line) => line.includes('Удачи!'))).toBe(true);
        expect(chatLines.some((line) => line.includes('ну ты и ******'))).toBe(true);
        await shoot(adminPage.page, name);
        expect(adminPage.errors).toEqual([]);
        await adminPage.context.close();
      }

      expectScreenshots(
        'chat-admin-reports-desktop',
        'chat-admin-reports-phone',
        'chat-phone-panel-open',
        'chat-desktop-bubble',
        'chat-desktop-panel-open',
        'chat-phone-bubble',
        'chat-phone-panel-long',
        'chat-desktop-panel-long',
      );
      expect([...phone.errors, ...desk.errors]).toEqual([]);
      await phone.context.close();
      await desk.context.close();
    },
  );
});

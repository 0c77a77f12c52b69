import { createHmac } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, uniqueName } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// FEATURES.md §11: a table shared in Telegram is `startapp=room_<id>`; the mini-app opened with it
// signs in and goes straight to that table.
const BOT_TOKEN = '123456:E2E-friends-bot-token';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Init data signed as the Telegram host signs it (DESIGN §11), carrying the start parameter. */
function signedInitData(fields: Record<string, string>): string {
  const params = new URLSearchParams(fields);
  const check = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  params.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
  return params.toString();
}

describe('a table shared through Telegram', () => {
  it('start parameter room_<id> opens that table after the host signs the player in', { timeout: 90_000 }, async () => {
    const host = await registerByApi(server.baseUrl, uniqueName('host'), 'host-password-1');
    const created = await fetch(`${server.baseUrl}/api/v1/rooms/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bet_amount: '100', player_count: 2, deck_size: 36, balance_type: 'BONUS_BALANCE' }),
    });
    const roomId = ((await created.json()) as { id: number }).id;

    const telegramId = 710_000_000 + Math.floor(Math.random() * 1_000_000);
    const user = JSON.stringify({ id: telegramId, first_name: 'Tele', username: `tg${telegramId}`, language_code: 'ru' });
    const startParam = `room_${roomId}`;
    const initData = signedInitData({
      user,
      auth_date: String(Math.floor(Date.now() / 1000)),
      start_param: startParam,
      query_id: 'AAE1',
      signature: 'c2lnbmVkLWJ5LXRoZS1ob3N0',
    });
    const hash = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: '{}',
      tgWebAppStartParam: startParam,
    });

    const { context, page, errors } = await newPage(browser, server.baseUrl);
    await page.addInitScript(() => {
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent: () => undefined };
    });
    await page.goto(`/#${hash.toString()}`);
    await page.waitForURL(`**/durak/${roomId}`);
    // The table itself, with its free seat to take.
    await page.locator('.seat-free').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

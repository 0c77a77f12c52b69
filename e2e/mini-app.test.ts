import { createHmac } from 'node:crypto';
import { DEFAULT_OPTIONS } from '@durak/engine';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, registerByApi, uniqueName } from './support/accounts';
import { launchBrowser, newPage, PHONE, screenshot, waitForAnimations } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const BOT_TOKEN = '123456:E2E-test-bot-token';
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

/** Init data signed the way the Telegram host signs it (DESIGN §11). */
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

async function parentId(): Promise<number> {
  const tokens = await registerByApi(server.baseUrl, uniqueName('agent'), 'agent-password-1');
  const res = await fetch(`${server.baseUrl}/api/user/users/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  return ((await res.json()) as { id: number }).id;
}

/** The app's start URL inside the host: its launch parameters in the hash, as the host opens it. */
function launchHash(initData: string, theme: Record<string, string>, startParam?: string): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  if (startParam) params.set('tgWebAppStartParam', startParam);
  return `/#${params.toString()}`;
}

function telegramUser(): { initData: string; telegramId: number } {
  const telegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
  const user = JSON.stringify({ id: telegramId, first_name: 'Tele', username: `tg${telegramId}`, language_code: 'ru' });
  return {
    telegramId,
    initData: signedInitData({
      user,
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: 'AAE1',
      signature: 'c2lnbmVkLWJ5LXRoZS1ob3N0',
    }),
  };
}

/** The Android host's bridge: every method the app calls on the host lands in window.hostCalls. */
const installHostBridge = () => {
  const calls: string[] = [];
  (window as unknown as { hostCalls: string[] }).hostCalls = calls;
  (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
    postEvent: (type: string, data: string) => calls.push(`${type} ${data ?? ''}`.trim()),
  };
};

describe('inside the Telegram mini-app', () => {
  it('signs in with the host init data and the parent from the start parameter, and talks to the host', async () => {
    const parent = await parentId();
    const telegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
    const user = JSON.stringify({ id: telegramId, first_name: 'Tele', username: `tg${telegramId}`, language_code: 'ru' });
    const initData = signedInitData({
      user,
      auth_date: String(Math.floor(Date.now() / 1000)),
      start_param: `pr_${parent}`,
      query_id: 'AAE1',
      signature: 'c2lnbmVkLWJ5LXRoZS1ob3N0',
    });
    const theme = JSON.stringify({
      bg_color: '#0b3d2a',
      text_color: '#ffffff',
      button_color: '#e9c46a',
      button_text_color: '#000000',
      secondary_bg_color: '#072a1c',
      hint_color: '#aaaaaa',
      link_color: '#f6dd9a',
    });
    const hash = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: theme,
      tgWebAppStartParam: `pr_${parent}`,
    });

    const { context, page, errors } = await newPage(browser, server.baseUrl);
    await page.addInitScript(installHostBridge);
    const authBodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/user/telegram/auth')) authBodies.push(req.postDataJSON());
    });
    await page.goto(`/#${hash.toString()}`);
    await page.getByTestId('header-username').waitFor();
    expect(authBodies).toEqual([{ init_data: initData, parent, device_id: expect.any(String) }]);
    expect(await cookieValue(context, 'accessToken')).toBeTruthy();

    const calls = await page.evaluate(() => (window as unknown as { hostCalls: string[] }).hostCalls);
    expect(calls).toContain('web_app_ready');
    expect(calls).toContain('web_app_expand');
    expect(calls.some((c) => c.startsWith('web_app_setup_swipe_behavior') && c.includes('"allow_vertical_swipe":false'))).toBe(true);

    // Away from the main tabs the host's Back button shows; on them it hides.
    await page.getByRole('link', { name: /Бандит/ }).click();
    await page.waitForURL('**/bandit');
    await expect
      .poll(async () =>
        (await page.evaluate(() => (window as unknown as { hostCalls: string[] }).hostCalls))
          .filter((c) => c.startsWith('web_app_setup_back_button'))
          .at(-1),
      )
      .toContain('"is_visible":true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a light host theme on the main frame and in dialogs, and keeps the felt at the table', { timeout: 90_000 }, async () => {
    const light = {
      bg_color: '#ffffff',
      text_color: '#000000',
      hint_color: '#999999',
      link_color: '#2481cc',
      button_color: '#2481cc',
      button_text_color: '#ffffff',
      secondary_bg_color: '#efeff4',
    };
    const { initData } = telegramUser();
    const { context, page, errors } = await newPage(browser, server.baseUrl, PHONE);
    await page.addInitScript(installHostBridge);
    await page.goto(launchHash(initData, light));
    await page.getByTestId('header-username').waitFor();
    const css = (selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
    const hostCalls = () => page.evaluate(() => (window as unknown as { hostCalls: string[] }).hostCalls);
    const last = async (method: string) => (await hostCalls()).filter((c) => c.startsWith(method)).at(-1);

    // The page on the host's secondary background, its text, the header and the buttons in its colours.
    await expect.poll(() => css('body', 'background-color')).toBe('rgb(239, 239, 244)');
    expect(await css('body', 'color')).toBe('rgb(0, 0, 0)');
    expect(await css('.main-header', 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await css('.home-play', 'background-color')).toBe('rgb(36, 129, 204)');
    expect(await css('.home-play', 'color')).toBe('rgb(255, 255, 255)');
    expect(await css('.home-tile small', 'color')).toBe('rgb(153, 153, 153)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
    // The host's own header and background run on into the page.
    await expect.poll(() => last('web_app_set_header_color')).toBe('web_app_set_header_color {"color":"#ffffff"}');
    expect(await last('web_app_set_background_color')).toBe('web_app_set_background_color {"color":"#efeff4"}');
    await waitForAnimations(page);
    await screenshot(page, 'mini-app-light-main-phone');

    await page.getByRole('link', { name: 'Меню' }).click();
    await page.getByTestId('language-select').waitFor();
    await waitForAnimations(page);
    await screenshot(page, 'mini-app-light-menu-phone');

    // Someone else's room waits in the lobby.
    const host = await registerByApi(server.baseUrl, uniqueName('host'), 'host-password-1');
    const room = await fetch(`${server.baseUrl}/api/v1/rooms/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...DEFAULT_OPTIONS,
        bet_amount: 1000,
        player_count: 3,
        balance_type: 'BONUS_BALANCE',
        is_speed_mode: true,
        is_transfer_allowed: true,
      }),
    });
    expect(room.status).toBe(201);
    await page.getByRole('link', { name: 'Главная' }).click();
    // Quick play would seat the player; the lobby is the link under it.
    await page.getByTestId('to-lobby').click();
    await page.waitForURL('**/games');
    await page.getByTestId('room-card').first().waitFor();
    expect(await css('[data-testid="room-card"]', 'background-color')).toBe('rgb(255, 255, 255)');
    await waitForAnimations(page);
    await screenshot(page, 'mini-app-light-lobby-phone');
    await page.getByTestId('open-create').click();
    await page.getByTestId('create-room-dialog').waitFor();
    expect(await css('.modal', 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await css('[data-testid="create-submit"]', 'background-color')).toBe('rgb(36, 129, 204)');
    await waitForAnimations(page);
    await screenshot(page, 'mini-app-light-create-dialog-phone');
    await page.getByTestId('create-submit').click();

    // At the table the felt stays, and the host's header turns felt green with it.
    await page.waitForURL(/\/durak\/\d+$/);
    await page.getByTestId('table-page').waitFor();
    expect(await css('.table-page', 'color')).toBe('rgb(247, 241, 225)');
    expect(await css('[data-testid="action-ready"]', 'color')).toBe('rgb(43, 29, 5)');
    await expect.poll(() => last('web_app_set_header_color')).toBe('web_app_set_header_color {"color":"#072a1c"}');
    await waitForAnimations(page);
    await screenshot(page, 'mini-app-light-table-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
